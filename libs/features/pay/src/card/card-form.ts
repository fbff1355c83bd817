// What the card dialogs check before they send (the server checks the same again: rpa-card-actions.yaml), and how
// the generate dialog's values become the contract's body.
import type { RpaCardGenerateRequest } from '@smart/api-sdk';

/** The card types a group of generated cards may have (rpa-card-actions.yaml RpaCardGroupNew): power, days. */
export const CARD_TYPES = [1, 2] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Most cards one generation makes (RpaCardGenerateRequest.count). */
export const MAX_COUNT = 1000;
const MAX_FACE_VALUE = 100_000_000;

export interface GenerateValues {
  groupName: string;
  cardType: CardType;
  faceValue: string;
  price: string;
  cardPrefix: string;
  expireTime: string;
  channel: string;
  count: string;
}

export const emptyGenerateValues = (): GenerateValues => ({
  groupName: '',
  cardType: 1,
  faceValue: '',
  price: '',
  cardPrefix: '',
  expireTime: '',
  channel: '',
  count: '100',
});

const wholeIn = (text: string, min: number, max: number) =>
  /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max;

/**
 * The catalogue key of each field's problem. Into an existing group only the count is asked (the group's own fields
 * stay as they are).
 */
export function generateProblems(v: GenerateValues, intoGroup: boolean): Record<string, string | undefined> {
  const count = v.count.trim();
  const problems: Record<string, string | undefined> = {
    count: !count
      ? 'pay.card.countRequired'
      : wholeIn(count, 1, MAX_COUNT)
        ? undefined
        : 'pay.card.countRange',
  };
  if (intoGroup) return problems;
  const face = v.faceValue.trim();
  const price = v.price.trim();
  return {
    ...problems,
    groupName: v.groupName.trim() ? undefined : 'pay.card.groupNameRequired',
    faceValue: !face
      ? 'pay.card.faceValueRequired'
      : wholeIn(face, 1, MAX_FACE_VALUE)
        ? undefined
        : 'pay.card.faceValueWhole',
    price: !price || /^\d{1,10}(\.\d{1,2})?$/.test(price) ? undefined : 'pay.card.priceInvalid',
    cardPrefix: /^[0-9A-Z]{0,8}$/.test(v.cardPrefix.trim()) ? undefined : 'pay.card.prefixInvalid',
  };
}

/** The body of `generate`: `count` cards into the group `groupId`, or into a new group of these values. */
export function generateBody(v: GenerateValues, groupId?: string): RpaCardGenerateRequest {
  const count = Number(v.count.trim());
  if (groupId) return { groupId, count };
  return {
    group: {
      groupName: v.groupName.trim(),
      cardType: v.cardType,
      faceValue: Number(v.faceValue.trim()),
      price: v.price.trim() ? Number(v.price.trim()) : 0,
      cardPrefix: v.cardPrefix.trim(),
      expireTime: v.expireTime,
      channel: v.channel.trim(),
    },
    count,
  };
}
