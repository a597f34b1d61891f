import { describe, expect, it } from 'vitest';
import { problemsOf } from '../lib/check-document';

describe('problemsOf', () => {
  const doc = { header: ['a', 'b'], groups: [{ key: 'g', fields: [{ type: 'bad' }] }] };
  const text = JSON.stringify(doc, null, 2);

  it('lists the problems in the order of their lines, whatever order the schema reported them in', () => {
    const problems = problemsOf(
      {
        'value.groups.0.fields.0.type': 'Not a field type',
        'value.header.1': 'Not a field',
        value: 'Something about the whole document',
      },
      doc,
      text,
    );
    expect(problems.map((p) => [p.line, p.path])).toEqual([
      [1, ''],
      [4, 'header.1'],
      [11, 'groups.0.fields.0.type'],
    ]);
  });

  it('keeps problems without a line (the text is not the formatted document) after the others', () => {
    const problems = problemsOf({ 'value.x': 'one', 'value.y': 'two' }, { x: 1, y: 2 }, '{"x":1,"y":2}');
    expect(problems.map((p) => [p.path, p.line])).toEqual([
      ['x', null],
      ['y', null],
    ]);
  });
});
