import { describe, expect, it } from 'vitest';
import { regionExportFilters } from './RegionExcelActions';

describe('region export filters', () => {
  it('keeps the code and name searches, trimmed, and never the level on screen', () => {
    expect(
      regionExportFilters({ code: ' 11 ', name: '北京', parentCode: '00', current: 2, size: 10 }),
    ).toEqual({
      code: '11',
      name: '北京',
    });
    expect(regionExportFilters({ code: '', name: undefined })).toEqual({});
  });
});
