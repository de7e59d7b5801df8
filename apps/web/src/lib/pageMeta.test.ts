import { describe, expect, it } from 'vitest';
import { metaTags } from './pageMeta';

describe('metaTags', () => {
  const tags = metaTags(
    {
      title: 'My Activities',
      description: 'Your rides.',
      image: '/sample/hero.svg',
      url: '/activities',
    },
    'https://ride.example',
  );
  const content = (key: string) => tags.find((t) => t.key === key)?.content;

  it('sets the description and share title', () => {
    expect(content('description')).toBe('Your rides.');
    expect(content('og:title')).toBe('My Activities');
    expect(content('og:description')).toBe('Your rides.');
    expect(content('twitter:title')).toBe('My Activities');
  });

  it('makes the image and URL absolute', () => {
    expect(content('og:image')).toBe('https://ride.example/sample/hero.svg');
    expect(content('og:url')).toBe('https://ride.example/activities');
  });

  it('keeps absolute addresses as they are', () => {
    const abs = metaTags(
      { title: 't', description: 'd', image: 'https://cdn.example/a.png', url: '/x' },
      'https://ride.example',
    );
    expect(abs.find((t) => t.key === 'og:image')?.content).toBe('https://cdn.example/a.png');
  });

  it('uses property for Open Graph and name for the rest', () => {
    for (const tag of tags) {
      expect(tag.attr).toBe(tag.key.startsWith('og:') ? 'property' : 'name');
    }
  });
});
