import { describe, expect, it } from 'vitest';
import { avatarHash, avatarUrl } from './avatar-url';

describe('avatar', () => {
  it('hashes the trimmed, lower-cased e-mail with SHA-256', async () => {
    // sha256("test@example.com")
    const expected = '973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b';
    expect(await avatarHash('  Test@Example.COM ')).toBe(expected);
  });

  it('builds our own avatar URL with size, blank default and rating g', () => {
    expect(avatarUrl('abc', 22)).toBe('/api/avatar/abc?size=22&d=blank&r=g');
  });

  it('uses a configured public avatar service instead', () => {
    expect(avatarUrl('abc', 80, 'https://avatars.example/avatar/')).toBe('https://avatars.example/avatar/abc?size=80&d=blank&r=g');
  });
});
