import zlib from 'node:zlib';

/**
 * A zip of one deflated entry holding `size` zero bytes, built without ever holding those bytes:
 * the deflate stream is fed 1 MiB at a time. A "zip bomb" of any size in a few hundred KiB.
 */
export async function zerosZip(name: string, size: number): Promise<Buffer> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => { deflate.on('end', resolve); deflate.on('error', reject); });
  const block = Buffer.alloc(1024 * 1024);
  for (let left = size; left > 0; left -= block.length) {
    if (!deflate.write(left >= block.length ? block : block.subarray(0, left))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return zipOf([{ name, data: Buffer.concat(chunks), method: 8, size }]);
}

/**
 * A zip of one deflated entry that inflates to `size` zero bytes and then hits a block deflate
 * cannot read. Whoever stops inflating within a limit below `size` sees "too large"; whoever
 * inflates it all sees a broken zip instead: the refusal's words tell which one ran.
 */
export function zerosThenBrokenZip(name: string, size: number): Buffer {
  const zeros = zlib.deflateRawSync(Buffer.alloc(size), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  // A final block of the reserved type 3: "invalid block type".
  const broken = Buffer.concat([zeros, Buffer.from([0x07, 0x00, 0x00, 0x00])]);
  return zipOf([{ name, data: broken, method: 8, size: size + 1 }]);
}

/** A zip of entries as given (method 0: stored, 8: deflated data); sizes as declared, CRCs left 0 (unchecked, as JSZip reads them). */
export function zipOf(entries: Array<{ name: string; data: Buffer; method: 0 | 8; size: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
