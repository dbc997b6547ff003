// The JSON examples of protocol/README.md, by message type, for tests.
import { readFileSync } from 'node:fs';

const readme = readFileSync(new URL('../../../protocol/README.md', import.meta.url), 'utf8');
export const examples = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((x) => JSON.parse(x[1]));

export function example(type, pred = () => true) {
  const hit = examples.find((e) => e.type === type && pred(e));
  if (!hit) throw new Error(`no ${type} example in protocol/README.md`);
  return structuredClone(hit);
}
