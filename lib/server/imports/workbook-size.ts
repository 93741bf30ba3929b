import 'server-only';
import JSZip from 'jszip';
import { invalid } from '@/lib/server/domain-errors';

export interface WorkbookLimits {
  /** What every part of the workbook may inflate to in all. */
  maxInflatedBytes: number;
  /** Inflated over uploaded size: spreadsheets compress 5-20x, a zip bomb hundreds of times. */
  maxRatio: number;
}

export const WORKBOOK_LIMITS: WorkbookLimits = { maxInflatedBytes: 512 * 1024 * 1024, maxRatio: 200 };

/** Below this, no ratio is suspicious: tiny workbooks of repeated cells compress very well. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/**
 * An uploaded workbook is inflated once, counting, before it is read: a small file that would
 * expand to gigabytes (a zip bomb) is refused with a message instead of filling the server's memory
 * inside the XLSX reader. The bytes actually inflated are counted, not the sizes the zip declares.
 */
export async function checkWorkbookSize(
  name: string,
  bytes: Uint8Array,
  limits: WorkbookLimits = WORKBOOK_LIMITS,
): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    return; // not a zip at all: the XLSX reader names the file as unreadable
  }
  const refuse = () =>
    invalid(`${name} expands far beyond a spreadsheet of its size: save it again from Excel, or send it as CSV`, {
      files: 'workbook too large when unzipped',
    });
  const ceiling = Math.min(limits.maxInflatedBytes, Math.max(RATIO_FLOOR_BYTES, bytes.byteLength * limits.maxRatio));
  let total = 0;
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    await new Promise<void>((resolve, reject) => {
      const stream = entry.nodeStream('nodebuffer');
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > ceiling) {
          stream.pause();
          reject(refuse());
        }
      });
      stream.on('end', resolve);
      stream.on('error', reject);
    });
  }
}
