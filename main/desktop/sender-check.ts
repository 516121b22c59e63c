import { isAppUrl } from './app-protocol.ts';

/** The parts of an IPC event the check needs; Electron's IpcMainInvokeEvent has them all. */
export interface IpcSenderInfo {
  sender: { id: number };
  senderFrame: { url: string; parent: unknown } | null;
}

export type SenderVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Accepts an IPC call only from our window's webContents, from its top-level frame, while that
 * frame shows `app://mirrordesk`. A frame that navigated away (or was destroyed) has no say.
 */
export function checkIpcSender(event: IpcSenderInfo, trustedWebContentsId: number | null): SenderVerdict {
  if (trustedWebContentsId === null || event.sender.id !== trustedWebContentsId) return { ok: false, reason: 'the call did not come from the Mirrordesk window' };
  const frame = event.senderFrame;
  if (!frame) return { ok: false, reason: 'the calling frame is gone' };
  if (frame.parent !== null) return { ok: false, reason: 'calls are only accepted from the top-level frame' };
  if (!isAppUrl(frame.url)) return { ok: false, reason: 'calls are only accepted from the app:// origin' };
  return { ok: true };
}
