import type { region } from './schema';

type RegionRow = typeof region.$inferSelect;
export type RegionDerived = Omit<RegionRow, 'sort' | 'remark'>;

const LEVELS = ['', 'province', 'city', 'district', 'town', 'village'] as const;

/**
 * Fills `ancestors` and the level code/name pairs of a region from its parent (docs/platform-contract.md §3.13): the pairs
 * are inherited from the ancestors and the region's own level is set from its code and name.
 */
export function deriveRegion(
  parent: RegionDerived | undefined,
  code: string,
  parentCode: string,
  name: string,
  regionLevel: number,
): RegionDerived {
  const out: RegionDerived = {
    code,
    parentCode,
    name,
    regionLevel,
    ancestors: parent
      ? parent.ancestors && parent.ancestors !== '0'
        ? `${parent.ancestors},${parent.code}`
        : parent.code
      : '0',
    provinceCode: parent?.provinceCode ?? '',
    provinceName: parent?.provinceName ?? '',
    cityCode: parent?.cityCode ?? '',
    cityName: parent?.cityName ?? '',
    districtCode: parent?.districtCode ?? '',
    districtName: parent?.districtName ?? '',
    townCode: parent?.townCode ?? '',
    townName: parent?.townName ?? '',
    villageCode: parent?.villageCode ?? '',
    villageName: parent?.villageName ?? '',
  };
  const level = LEVELS[regionLevel];
  if (level) {
    out[`${level}Code`] = code;
    out[`${level}Name`] = name;
  }
  return out;
}
