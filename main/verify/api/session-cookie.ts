import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_IDLE_MS, type SessionStore } from '../sessions/session-store.ts';

export const SESSION_COOKIE = 'mirrordesk_verify_session';

/**
 * Runs a request that adds to the session its HttpOnly cookie names: `openSession` gives that one
 * while it is alive, else opens a new one (asked only once there is something to add). A new one
 * is handed out (its cookie set on the reply) only holding a file: a request failing before one
 * was stored (a full disk, an unreadable zip) removes it and sets no cookie, rather than leave the
 * client a session of nothing. SameSite=Lax: the loopback UIs that use the API are same-site with
 * it (ports do not count), while other sites cannot ride on the cookie.
 */
export async function addingToSession<T>(request: FastifyRequest, reply: FastifyReply, sessions: SessionStore, add: (openSession: () => string) => Promise<T>): Promise<T> {
  let opened: string | null = null;
  const openSession = (): string => {
    const current = existingSessionOf(request, sessions);
    if (current) return current;
    opened ??= sessions.create();
    return opened;
  };
  try {
    const answer = await add(openSession);
    if (opened !== null) setSessionCookie(reply, opened);
    return answer;
  } catch (error) {
    if (opened !== null) handOutOrRemove(reply, sessions, opened);
    throw error;
  }
}

/** After a failed request: a session it opened and stored files in is the client's; an empty one is removed. */
function handOutOrRemove(reply: FastifyReply, sessions: SessionStore, id: string): void {
  try {
    if (sessions.holdsFiles(id)) setSessionCookie(reply, id);
    else sessions.release(id);
  } catch {
    // The database failing this too (full, damaged) is the request's error already; an empty
    // session left behind, which no cookie names, goes once idle (SessionStore.sweep).
  }
}

function setSessionCookie(reply: FastifyReply, id: string): void {
  reply.header('set-cookie', `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_IDLE_MS / 1000}`);
}

/**
 * The live session the request's cookie names (its idle clock reset), or null. Requests that only
 * read or act on a session use this: without a session they have nothing to read, and opening one
 * for each would fill the database with empty sessions.
 */
export function existingSessionOf(request: FastifyRequest, sessions: SessionStore): string | null {
  const current = readCookie(request.headers.cookie, SESSION_COOKIE);
  return current && sessions.touch(current) ? current : null;
}

/** The cookie's value when present and well-formed (base64url, as we issue them). */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = rest.join('=');
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}
