/**
 * Server-side prices of `order/placeOrder` (contract `PlaceOrderRequest`): the price list of a product type is the
 * system parameter `order.price.<productType>` of the caller's tenant, else the platform tenant's (as other
 * `tenant.default.*` settings), else the built-in list below (so a fresh `npm start` has something to buy; it is not
 * seeded as parameter rows, whose count per tenant other parts pin). Its value is JSON:
 *
 *   {"open": {"name": "算力充值", "min": 1, "max": 50000, "rate": 10},
 *    "packages": [{"name": "算力包 1000", "price": 99, "value": 1000}, …]}
 *
 * - a package is bought by its exact name at `price` yuan per unit, crediting `value` per unit (power for type 1,
 *   days of validity for type 2); an `amount` other than `price × quantity` is a stale price (400);
 * - `open` (optional) is the free-amount top-up the console's recharge page offers: any other product name, one
 *   unit, an amount between `min` and `max` yuan, crediting `floor(amount × rate)`.
 * Types 3 (robot quota) and 4 (card purchase) have no built-in list: the entities they credit (robot quotas, card
 * groups) are not part of this server. A list without packages and without `open` stops the sales of its type.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/index';
import { param } from '../db/schema';
import { BizError } from '../util';
import { toFen } from './money';

export const PLATFORM_TENANT = '000000';
export const priceParamKey = (productType: number): string => `order.price.${productType}`;

export interface PricePackage {
  name: string;
  price: number;
  value: number;
}

export interface PriceList {
  open?: { name: string; min: number; max: number; rate: number } | undefined;
  packages: PricePackage[];
}

/** What an order is for and what it costs, as the server computes it. */
export interface Quote {
  productName: string;
  quantity: number;
  unitPriceFen: number;
  totalFen: number;
  powerAmount: number;
  memberDays: number;
}

/** The built-in lists of power (value = power) and membership (value = days of validity). */
export const DEFAULT_PRICE_LISTS: Readonly<Record<number, PriceList>> = {
  1: {
    open: { name: '算力充值', min: 1, max: 50000, rate: 10 },
    packages: [
      { name: '算力包 1000', price: 99, value: 1000 },
      { name: '算力包 5000', price: 449, value: 5000 },
      { name: '算力包 20000', price: 1599, value: 20000 },
    ],
  },
  2: {
    open: { name: '会员充值', min: 1, max: 10000, rate: 1 },
    packages: [
      { name: '月度会员', price: 30, value: 30 },
      { name: '年度会员', price: 298, value: 365 },
    ],
  },
};

export const STALE_PRICE_MSG = '支付金额与商品价格不一致,请刷新后重试';
export const NOT_ON_SALE_MSG = '该商品暂未开放购买';
export const UNKNOWN_PRODUCT_MSG = '商品不存在';

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isName = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= 64;

/** Parses a price list; undefined when the parameter is not a valid one (the type is then not on sale). */
export function parsePriceList(text: string): PriceList | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as { open?: unknown; packages?: unknown };
  const packages: PricePackage[] = [];
  for (const p of Array.isArray(r.packages) ? (r.packages as unknown[]) : []) {
    const q = p as Partial<PricePackage> | null;
    if (!q || !isName(q.name) || !isNum(q.price) || !isNum(q.value) || toFen(q.price) < 1) return undefined;
    packages.push({ name: q.name.trim(), price: q.price, value: q.value });
  }
  let open: PriceList['open'];
  if (r.open !== undefined) {
    const o = r.open as Partial<NonNullable<PriceList['open']>> | null;
    if (!o || !isName(o.name) || !isNum(o.min) || !isNum(o.max) || !isNum(o.rate) || o.min > o.max)
      return undefined;
    open = { name: o.name.trim(), min: Math.max(o.min, 0.01), max: o.max, rate: o.rate };
  }
  return { open, packages };
}

/** The price list of a product type for a tenant (its own parameter, else the platform's, else built in). */
export async function priceListOf(
  db: Db,
  tenantId: string,
  productType: number,
): Promise<PriceList | undefined> {
  const rows = await db
    .select({ tenantId: param.tenantId, value: param.paramValue })
    .from(param)
    .where(
      and(
        inArray(param.tenantId, [tenantId, PLATFORM_TENANT]),
        eq(param.paramKey, priceParamKey(productType)),
        eq(param.isDeleted, 0),
      ),
    );
  const row = rows.find((r) => r.tenantId === tenantId) ?? rows.find((r) => r.tenantId === PLATFORM_TENANT);
  // a parameter that does not parse stops the sales (a typo must not fall back to other prices)
  return row ? parsePriceList(row.value) : DEFAULT_PRICE_LISTS[productType];
}

/** Prices a request against a list; throws the 400 the contract describes when it does not fit. */
export function quote(
  list: PriceList,
  productType: number,
  req: { productName: string; quantity: number; amountFen: number },
): Quote {
  const credit = (value: number) => ({
    powerAmount: productType === 1 ? value : 0,
    memberDays: productType === 2 ? value : 0,
  });
  const pkg = list.packages.find((p) => p.name === req.productName.trim());
  if (pkg) {
    const unitPriceFen = toFen(pkg.price);
    const totalFen = unitPriceFen * req.quantity;
    if (req.amountFen !== totalFen) throw new BizError(STALE_PRICE_MSG);
    return {
      productName: pkg.name,
      quantity: req.quantity,
      unitPriceFen,
      totalFen,
      ...credit(Math.floor(pkg.value * req.quantity)),
    };
  }
  const open = list.open;
  if (!open) throw new BizError(UNKNOWN_PRODUCT_MSG);
  if (req.quantity !== 1) throw new BizError('自定义金额充值的数量须为 1');
  if (req.amountFen < toFen(open.min) || req.amountFen > toFen(open.max)) {
    throw new BizError(`充值金额须在 ${open.min} 至 ${open.max} 元之间`);
  }
  const value = Math.floor((req.amountFen * open.rate) / 100);
  if (value < 1) throw new BizError('充值金额过低');
  return {
    productName: open.name,
    quantity: 1,
    unitPriceFen: req.amountFen,
    totalFen: req.amountFen,
    ...credit(value),
  };
}
