/**
 * The sandbox model's answer to an image-generation app (docs/automation-domain.md §1.5): the app sends the drawn
 * words and expects JSON `{"prompt": …}`; the sandbox answers the words themselves with a fixed, seed-chosen style,
 * so that a drawing made in the sandbox still shows what was asked.
 */

/** How a request for a Midjourney prompt is recognised (the system message names it). */
export const MJ_PROMPT_ASK = /Midjourney/u;

const STYLES = [
  'soft natural light, film grain, 35mm photo',
  'watercolor illustration, pastel palette, clean background',
  'cinematic composition, golden hour, shallow depth of field',
  'flat vector art, bold shapes, minimal',
] as const;

export function sandboxMjPrompt(userContent: string, seed: number): string {
  const words = userContent
    .split(/[,，、\n]+/u)
    .map((w) => w.trim())
    .filter((w) => w !== '' && w.length <= 40)
    .slice(-12);
  const style = STYLES[seed % STYLES.length] ?? STYLES[0];
  return JSON.stringify({ prompt: [...words, style].join(', ') });
}
