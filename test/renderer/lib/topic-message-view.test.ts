import { describe, expect, it } from 'vitest';
import { parseTopicMessageView, pastLastProblem, readSequence, topicMessagesPath, topicMessageViewQuery } from '../../../renderer/src/lib/topic-message-view.ts';

describe('topic message view', () => {
  it('reads the order and start from the hash, oldest first from the start by default', () => {
    expect(parseTopicMessageView('id=0.0.1115')).toEqual({ order: 'asc', from: '' });
    expect(parseTopicMessageView('id=0.0.1115&order=desc&seq=0120')).toEqual({ order: 'desc', from: '120' });
    // What the field would refuse is not taken from the address either.
    expect(parseTopicMessageView('id=0.0.1115&order=sideways&seq=-3')).toEqual({ order: 'asc', from: '' });
  });

  it('writes them beside the id, leaving the defaults out', () => {
    expect(topicMessageViewQuery('id=0.0.1115', { order: 'desc', from: '500' })).toBe('id=0.0.1115&order=desc&seq=500');
    expect(topicMessageViewQuery('id=0.0.1115&order=desc&seq=500', { order: 'asc', from: '' })).toBe('id=0.0.1115');
  });

  it('asks the mirror for the list starting at that message in either order', () => {
    expect(topicMessagesPath('0.0.1115', { order: 'asc', from: '' })).toBe('/api/v1/topics/0.0.1115/messages?order=asc&limit=25');
    expect(topicMessagesPath('0.0.1115', { order: 'asc', from: '500' })).toBe('/api/v1/topics/0.0.1115/messages?order=asc&sequencenumber=gte%3A500&limit=25');
    expect(topicMessagesPath('0.0.1115', { order: 'desc', from: '500' })).toBe('/api/v1/topics/0.0.1115/messages?order=desc&sequencenumber=lte%3A500&limit=25');
  });

  it('refuses what is no sequence number, and says why', () => {
    expect(readSequence(' 42 ')).toEqual({ ok: true, from: '42' });
    expect(readSequence('')).toEqual({ ok: true, from: '' });
    expect(readSequence('0')).toEqual({ ok: false, problem: 'Sequence numbers start at 1.' });
    expect(readSequence('1.5')).toMatchObject({ ok: false, problem: 'A sequence number is a whole number, such as 120.' });
    expect(readSequence('99999999999999999999')).toMatchObject({ ok: false });
    expect(readSequence('9,223,372,036,854,775,808')).toEqual({ ok: false, problem: 'That number is larger than any sequence number.' });
  });

  it('reads a number as the table shows it, grouped, and through invisible characters pasted with it', () => {
    expect(readSequence('1,234')).toEqual({ ok: true, from: '1234' });
    expect(readSequence('\u200B1,234\uFEFF')).toEqual({ ok: true, from: '1234' });
    expect(readSequence('\u2060')).toEqual({ ok: true, from: '' });
    expect(readSequence('1,23')).toMatchObject({ ok: false, problem: 'A sequence number is a whole number, such as 120.' });
  });

  it('says when the number lies past the last message', () => {
    expect(pastLastProblem('930', 929n)).toBe('There is no message 930 yet: this topic\'s last is 929.');
    expect(pastLastProblem('929', 929n)).toBeNull();
    expect(pastLastProblem('1', null)).toBe('This topic has no messages yet: there is no message 1.');
    expect(pastLastProblem('', 5n)).toBeNull();
  });
});
