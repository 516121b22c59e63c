import { createHash } from 'node:crypto';
import bs58 from 'bs58';

/** `ipfs add`'s chunk size, and the most links one node of its file tree holds: solc builds the same tree. */
const CHUNK_BYTES = 256 * 1024;
const MAX_LINKS = 174;

interface Node {
  /** sha2-256 multihash: 0x12 0x20 and the digest. */
  hash: Buffer;
  /** File bytes under the node. */
  size: number;
  /** Serialized bytes of the node and all below it (the link's Tsize). */
  blockSize: number;
}

/**
 * The IPFS hash of a file's content (a CIDv0, `Qm…`), as solc computes it for the metadata hash it
 * puts in the bytecode and `ipfs add` does by default: 256 KiB UnixFS file chunks in dag-pb nodes,
 * grouped 174 to a node until one is left (libsolutil/IpfsHash.cpp).
 */
export function ipfsHashOf(content: Buffer): string {
  return bs58.encode(ipfsMultihashOf(content));
}

/** The sha2-256 multihash (34 bytes) the CID is written from. */
function ipfsMultihashOf(content: Buffer): Buffer {
  const chunks: Node[] = [];
  for (let offset = 0; offset === 0 || offset < content.length; offset += CHUNK_BYTES) {
    const chunk = content.subarray(offset, offset + CHUNK_BYTES);
    const unixfs = Buffer.concat([
      Buffer.from([0x08, 0x02]), // Type: File
      chunk.length > 0 ? Buffer.concat([Buffer.from([0x12]), varint(chunk.length), chunk]) : Buffer.alloc(0),
      Buffer.from([0x18]), varint(chunk.length), // filesize
    ]);
    const block = lengthDelimited(0x0a, unixfs); // PBNode.Data
    chunks.push({ hash: multihash(block), size: chunk.length, blockSize: block.length });
  }
  let level = chunks;
  while (level.length > 1) {
    const next: Node[] = [];
    for (let i = 0; i < level.length; i += MAX_LINKS) next.push(parentOf(level.slice(i, i + MAX_LINKS)));
    level = next;
  }
  return level[0]!.hash;
}

/** A node linking to `children`: its links (Hash, empty Name, Tsize), then its UnixFS data with each child's size. */
function parentOf(children: Node[]): Node {
  const links = children.map((child) => lengthDelimited(0x12, Buffer.concat([
    lengthDelimited(0x0a, child.hash),
    Buffer.from([0x12, 0x00]),
    Buffer.from([0x18]), varint(child.blockSize),
  ])));
  const size = children.reduce((sum, child) => sum + child.size, 0);
  const unixfs = Buffer.concat([Buffer.from([0x08, 0x02, 0x18]), varint(size), ...children.map((child) => Buffer.concat([Buffer.from([0x20]), varint(child.size)]))]);
  const block = Buffer.concat([...links, lengthDelimited(0x0a, unixfs)]);
  return { hash: multihash(block), size, blockSize: block.length + children.reduce((sum, child) => sum + child.blockSize, 0) };
}

function multihash(block: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0x12, 0x20]), createHash('sha256').update(block).digest()]);
}

function lengthDelimited(tag: number, bytes: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), varint(bytes.length), bytes]);
}

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push(0x80 | (rest & 0x7f));
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}
