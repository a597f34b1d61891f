import { describe, expect, it } from 'vitest';
import { csvMoney, csvStream, type CsvCell } from '../csv-stream';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
}

describe('csvStream', () => {
  it('starts with a UTF-8 byte-order mark and the header, then one line per row', async () => {
    const bytes = await readAll(
      csvStream([['Ærø', csvMoney(1050)]], { language: 'nr', header: ['Navn', 'Beløp'] }),
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('Navn;Beløp\r\nÆrø;10,50\r\n');
  });

  it('pulls rows only as the reader takes chunks (backpressure), not the whole source', async () => {
    let pulled = 0;
    async function* endless(): AsyncGenerator<CsvCell[]> {
      for (;;) {
        pulled += 1;
        yield [pulled, 'a row of some length to fill the chunks with text'];
        await Promise.resolve();
      }
    }
    const stream = csvStream(endless(), { language: 'en', header: ['n', 'text'] });
    const chunks: string[] = [];
    for await (const chunk of stream) {
      chunks.push(String(chunk));
      if (chunks.length === 3) break;
    }
    // Three chunks of 64 KiB hold about 3,500 rows; the stream buffers at most a chunk or so ahead.
    expect(chunks.every((c) => c.length >= 64 * 1024)).toBe(true);
    expect(pulled).toBeLessThan(10_000);
  });

  it('fails the stream when the source fails, rather than ending as if complete', async () => {
    async function* failing(): AsyncGenerator<CsvCell[]> {
      yield ['one'];
      await Promise.resolve();
      throw new Error('database gone');
    }
    await expect(readAll(csvStream(failing(), { language: 'en', header: ['x'] }))).rejects.toThrow(
      'database gone',
    );
  });
});
