// What the control-strategy editor (StrategyDialog.tsx) is made of, all read from the contract's declaration of
// `xsh_comm_control_strategy` (openapi/schemas/business/xsh_comm.yaml XshCommControlStrategyFields): the settings it
// edits, the kit's columns that render them, the zod schema that checks them and the body `updateByUser` takes.
import type {
  XshCommControlStrategy,
  XshCommControlStrategyByUser,
  XshCommControlStrategySubmit,
} from '@smart/api-sdk';
import { xshCommControlStrategyEntity } from '@smart/api-sdk/entities';
import type { EntityField } from '@smart/api-sdk/manifest';
import { resourceFromEntity, type CrudColumn } from '@smart/crud';
import { z } from 'zod';

export const strategyEntity = xshCommControlStrategyEntity;

/** The key of a field's label in the generated entity catalogue (`entity.xshCommControlStrategy.<field>`). */
export const labelKey = (field: string): string => `${strategyEntity.i18n}.${field}`;

/** The operation the editor saves with; x-entity.actions names the button it needs (`edit`). */
export const UPDATE_BY_USER_OP = 'xshCommControlStrategyUpdateByUser';

/** The owner is chosen above the form (the customer picker), not edited as a setting. */
const OWNER = 'ydUserId';

/**
 * The settings: the contract's form fields but the owner. The server reads the same list
 * (apps/server/src/modules/xhs/xsh-comm-control-strategy/xsh-comm-control-strategy.module.ts `settings`), so a
 * setting the contract adds is edited here without a change.
 */
export const STRATEGY_FIELDS: readonly EntityField[] = strategyEntity.fields.filter(
  (f) => f.inForm && f.name !== OWNER,
);

/**
 * The order the form lays them out in, two a row: the pairs an operator sets together (the caps, the pause's two
 * ends, the window's two ends, failures and their cool-down). Settings not listed follow in the contract's order.
 */
const LAYOUT = [
  'dailyMaxPerAccount',
  'hourlyMaxPerAccount',
  'minIntervalSec',
  'maxIntervalSec',
  'activeStartTime',
  'activeEndTime',
  'maxConsecutiveFail',
  'cooldownMinutes',
  'perNoteMax',
  'dedupeDays',
  'minNoteLikes',
  'pictureRate',
  'aiEnabled',
  'aiFallbackToPool',
  'likeBeforeComment',
];

/** A yes/no setting (patterns.yaml Flag: 0 or 1, dictionary `judge`). */
const isFlag = (f: EntityField) =>
  f.enum?.length === 2 && f.enum.includes(0) && f.enum.includes(1) && f.type === 'integer';

/** The flags as the kit's switch: off 0, on 1, whatever order the `judge` dictionary lists them in. */
const FLAG_OPTIONS = [
  { label: '0', value: 0 },
  { label: '1', value: 1 },
];

type Row = XshCommControlStrategy;
type Form = XshCommControlStrategySubmit;

/**
 * The kit's columns of the settings (libs/crud entity-resource.ts: type, label and placeholder keys of the generated
 * catalogue), flags as switches, in LAYOUT order.
 */
export const STRATEGY_COLUMNS: readonly CrudColumn<Row, Form>[] = resourceFromEntity<Row, Form>(
  strategyEntity,
  {
    columns: {
      [OWNER]: false,
      ...Object.fromEntries(
        STRATEGY_FIELDS.filter(isFlag).map((f) => [
          f.name,
          { type: 'switch', dict: undefined, numericDict: undefined, options: FLAG_OPTIONS },
        ]),
      ),
    },
    order: LAYOUT as (keyof Row & keyof Form)[],
  },
).columns;

export type StrategyValues = Record<string, unknown>;

/**
 * The form's values of a strategy the server answered: each setting as stored; one it lacks (or no strategy at all)
 * starts from the contract's `default`, else empty.
 */
export function strategyValues(row: Partial<Row> | null | undefined): StrategyValues {
  const source = (row ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    STRATEGY_FIELDS.map((f) => {
      const stored = source[f.name];
      return [f.name, stored === undefined || stored === null ? (f.default ?? emptyOf(f)) : stored];
    }),
  );
}

const emptyOf = (f: EntityField) => (f.type === 'string' ? '' : undefined);

/** The body of `updateByUser`: every setting (the call replaces the whole strategy), and the customer if one was picked. */
export function strategyBody(values: StrategyValues, ydUserId: string): XshCommControlStrategyByUser {
  const body: Record<string, unknown> = {};
  for (const f of STRATEGY_FIELDS) {
    const value = values[f.name];
    body[f.name] = typeof value === 'string' ? value.trim() : value;
  }
  if (ydUserId) body[OWNER] = ydUserId;
  return body as XshCommControlStrategyByUser;
}

/** The texts of the schema's messages, in the interface language (StrategyDialog.tsx builds them). */
export interface StrategyMessages {
  label: (field: string) => string;
  required: (label: string) => string;
  whole: (label: string) => string;
  range: (label: string, min: number, max: number) => string;
  tooLong: (label: string, max: number) => string;
  time: (label: string) => string;
  format: (label: string) => string;
  intervalOrder: string;
}

/** patterns.yaml TimeOfDay: `HH:mm` or empty. */
const TIME_OF_DAY = '^(([01][0-9]|2[0-3]):[0-5][0-9])?$';

function settingSchema(f: EntityField, m: StrategyMessages): z.ZodType {
  const label = m.label(f.name);
  const required = m.required(label);
  if (f.enum) {
    const [first, ...rest] = f.enum.map((v) => z.literal(v));
    return rest.length ? z.union([first!, ...rest], { error: required }) : first!;
  }
  if (f.type === 'integer' || f.type === 'number') {
    let n = z.number({ error: required });
    if (f.type === 'integer') n = n.int({ error: m.whole(label) });
    const min = f.minimum ?? Number.MIN_SAFE_INTEGER;
    const max = f.maximum ?? Number.MAX_SAFE_INTEGER;
    return n.min(min, { error: m.range(label, min, max) }).max(max, { error: m.range(label, min, max) });
  }
  let s = z.string({ error: required }).trim();
  if (f.maxLength !== undefined) s = s.max(f.maxLength, { error: m.tooLong(label, f.maxLength) });
  if (f.pattern)
    s = s.regex(new RegExp(f.pattern), {
      error: f.pattern === TIME_OF_DAY ? m.time(label) : m.format(label),
    });
  return s;
}

/**
 * The zod schema of the settings: each field's type and bounds as the contract states them, with the interface
 * language's messages, and the rule the server adds (its INTERVAL_ORDER_MSG): the shortest pause not above the
 * longest.
 */
export function strategySchema(m: StrategyMessages) {
  return z.object(Object.fromEntries(STRATEGY_FIELDS.map((f) => [f.name, settingSchema(f, m)]))).refine(
    (v) => {
      const min = v['minIntervalSec'];
      const max = v['maxIntervalSec'];
      return typeof min !== 'number' || typeof max !== 'number' || min <= max;
    },
    { path: ['maxIntervalSec'], error: m.intervalOrder },
  );
}
