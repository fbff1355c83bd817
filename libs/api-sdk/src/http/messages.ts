// The server's messages in another language: the contract's error catalogue (`x-error-catalogue`, openapi/errors.yaml)
// and its own zh/en texts (rules, unique keys, labels), as src/gen/messages.ts carries them. A message is matched
// whole, or against a catalogue template (`日期格式错误: {value}`) whose filled-in parts are translated in turn when
// they are messages or labels themselves; anything else stays as the server sent it.

/** A zh text and its translation; `{name}` marks a part the server fills in. */
export type MessagePair = readonly [source: string, target: string];

export interface MessageTexts {
  /** Whole messages and templates (the catalogue, then the contract's rule and unique-key messages). */
  messages: readonly MessagePair[];
  /** Field labels, for parts of a template such as `{label}格式不正确`. */
  labels: readonly MessagePair[];
}

interface Template {
  pattern: RegExp;
  slots: string[];
  target: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SLOT = /\{(\w+)\}/g;
const HAS_SLOT = /\{\w+\}/;

/** The translating function over these texts (build it once: it compiles the templates). */
export function messageTranslator(texts: MessageTexts): (message: string) => string {
  const whole = new Map<string, string>();
  const templates: Template[] = [];
  for (const [source, target] of texts.messages) {
    if (!HAS_SLOT.test(source)) {
      if (!whole.has(source)) whole.set(source, target);
      continue;
    }
    const slots = [...source.matchAll(SLOT)].map((m) => m[1]!);
    const body = source
      .split(SLOT)
      // split keeps the captured names at odd positions
      .map((part, i) => (i % 2 ? '(.+?)' : escape(part)))
      .join('');
    templates.push({ pattern: new RegExp(`^${body}$`, 's'), slots, target });
  }
  // the longest fixed text first: `飞书接口请求过于频繁,请稍后重试: {detail}` before a shorter rival
  templates.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  const labels = new Map(texts.labels);

  // a filled-in part is a label, a message, or a value (a name, a number) kept as it is
  const part = (value: string, depth: number): string =>
    labels.get(value) ?? (depth < 2 ? translate(value, depth + 1) : value);

  function translate(message: string, depth = 0): string {
    const exact = whole.get(message);
    if (exact !== undefined) return exact;
    for (const t of templates) {
      const m = t.pattern.exec(message);
      if (!m) continue;
      const values = new Map(t.slots.map((name, i) => [name, part(m[i + 1]!, depth)]));
      return t.target.replace(SLOT, (all, name: string) => values.get(name) ?? all);
    }
    return message;
  }
  return (message) => translate(message);
}
