/**
 * A guard in front of libraries that unpack a whole ZIP in memory (exceljs reads an XLSX with jszip): a 1 MB
 * upload can inflate to gigabytes. Every entry is inflated once here, as a stream counted against a budget,
 * before anything else reads it; yauzl also refuses an entry whose real size disagrees with its header, so a
 * header that lies about a bomb is caught after at most one chunk past the budget.
 */
import yauzl from 'yauzl';

export type ZipVerdict = 'ok' | 'too-large' | 'too-many-entries' | 'broken';

export function checkZipLimits(data: Buffer, limits: { maxUnpackedBytes: number; maxEntries: number }): Promise<ZipVerdict> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true }, (openErr, zip) => {
      if (openErr || !zip) return resolve('broken');
      let total = 0;
      let entries = 0;
      let settled = false;
      const done = (verdict: ZipVerdict) => {
        if (settled) return;
        settled = true;
        zip.close();
        resolve(verdict);
      };
      zip.on('error', () => done('broken'));
      zip.on('end', () => done('ok'));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (++entries > limits.maxEntries) return done('too-many-entries');
        if (total + entry.uncompressedSize > limits.maxUnpackedBytes) return done('too-large');
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return done('broken');
          stream.on('data', (chunk: Buffer) => {
            total += chunk.length;
            if (total > limits.maxUnpackedBytes) {
              stream.destroy();
              done('too-large');
            }
          });
          stream.on('error', () => done('broken'));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  });
}
