import { useEffect } from 'react';
import { documentTitle } from './pageTitle';

/** What a screen tells search engines and link previews (document 001, section 2). */
export type PageMeta = {
  /** The document title and the share title. */
  title: string;
  description: string;
  /** Share image; a path is made absolute against the origin. */
  image: string;
  /** Canonical share URL; a path is made absolute against the origin. */
  url: string;
};

export type MetaTag = { attr: 'name' | 'property'; key: string; content: string };

/** The head tags for a page, with absolute image and page URLs as link previews need. */
export function metaTags(meta: PageMeta, origin: string): MetaTag[] {
  const image = new URL(meta.image, origin).href;
  const url = new URL(meta.url, origin).href;
  return [
    { attr: 'name', key: 'description', content: meta.description },
    { attr: 'property', key: 'og:title', content: meta.title },
    { attr: 'property', key: 'og:description', content: meta.description },
    { attr: 'property', key: 'og:image', content: image },
    { attr: 'property', key: 'og:url', content: url },
    { attr: 'property', key: 'og:type', content: 'website' },
    { attr: 'name', key: 'twitter:card', content: 'summary_large_image' },
    { attr: 'name', key: 'twitter:title', content: meta.title },
    { attr: 'name', key: 'twitter:description', content: meta.description },
    { attr: 'name', key: 'twitter:image', content: image },
  ];
}

/**
 * Sets the title and meta tags while the screen is shown; on leaving, the previous tags come
 * back (tags the page added are removed), so the next screen starts from the site defaults. The
 * title is not restored: the router names the next page before it shows (app/routeTitles.ts).
 */
export function usePageMeta({ title, description, image, url }: PageMeta): void {
  useEffect(() => {
    document.title = documentTitle(title);
    const undo = metaTags({ title, description, image, url }, window.location.origin).map(
      ({ attr, key, content }) => {
        let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
        const previous = tag?.getAttribute('content') ?? null;
        if (!tag) {
          tag = document.createElement('meta');
          tag.setAttribute(attr, key);
          document.head.appendChild(tag);
        }
        tag.setAttribute('content', content);
        const element = tag;
        return () => {
          if (previous === null) element.remove();
          else element.setAttribute('content', previous);
        };
      },
    );
    return () => {
      undo.forEach((restore) => restore());
    };
  }, [title, description, image, url]);
}
