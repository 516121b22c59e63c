import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_IDLE_MS, type SessionStore } from '../sessions/session-store.ts';

export const SESSION_COOKIE = 'mirrordesk_verify_session';

/**
 * The session of a request that adds to it: the one its HttpOnly cookie names while it is alive,
 * else a new one (the cookie is then set on the reply). SameSite=Lax: the loopback UIs that use
 * the API are same-site with it (ports do not count), while other sites cannot ride on the cookie.
 */
export function sessionOf(request: FastifyRequest, reply: FastifyReply, sessions: SessionStore): string {
  const current = existingSessionOf(request, sessions);
  if (current) return current;
  const id = sessions.create();
  reply.header('set-cookie', `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_IDLE_MS / 1000}`);
  return id;
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
