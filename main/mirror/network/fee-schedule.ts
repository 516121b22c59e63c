import { lastField, ProtobufError, readFields } from '../format/protobuf-reader.ts';
import type { ExchangeRate } from './exchange-rate.ts';

/** HederaFunctionality values of the transactions that pay for gas. */
export const GAS_FUNCTIONALITIES: ReadonlyMap<number, string> = new Map([
  [6, 'ContractCall'],
  [7, 'ContractCreate'],
  [84, 'EthereumTransaction'],
]);

/** Per functionality, the service fee's `gas` price (tinycents per 1000 gas) of the current schedule. */
export type GasPrices = Map<number, bigint>;

/**
 * Decodes a CurrentAndNextFeeSchedule (currentFeeSchedule = 1) down to the service
 * component's gas price of each TransactionFeeSchedule (hederaFunctionality = 1,
 * fees = 3 -> FeeData.servicedata = 3 -> FeeComponents.gas = 8). Throws when malformed.
 */
export function decodeGasPrices(bytes: Uint8Array): GasPrices {
  const current = lastField(readFields(bytes), 1);
  if (!current) throw new ProtobufError('no current fee schedule');
  const prices: GasPrices = new Map();
  for (const schedule of readFields(current.bytes).filter((f) => f.number === 1)) {
    const fields = readFields(schedule.bytes);
    const functionality = Number(lastField(fields, 1)?.value ?? 0n);
    const firstFee = fields.find((f) => f.number === 3);
    if (!firstFee) continue;
    const service = lastField(readFields(firstFee.bytes), 3);
    if (!service) continue;
    prices.set(functionality, lastField(readFields(service.bytes), 8)?.value ?? 0n);
  }
  return prices;
}

/** Gas price in tinybars: gas (tinycents/1000) at the rate, rounded down but at least 1, as the reference does. */
export function gasInTinybars(gas: bigint, rate: ExchangeRate): bigint | null {
  if (rate.cent_equivalent === 0) return null;
  const tinybars = (gas * BigInt(rate.hbar_equivalent)) / (BigInt(rate.cent_equivalent) * 1000n);
  return tinybars > 1n ? tinybars : 1n;
}
