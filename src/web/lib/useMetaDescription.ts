import { useEffect } from 'react';

/**
 * The page's `<meta name="description">` (what a search engine or a shared link's preview shows) while the
 * calling page is shown; the previous text comes back when it leaves. index.html has the shop's own; a
 * second tag (React's hoisted <meta>) would leave it first, and readers take the first.
 */
export function useMetaDescription(description: string | undefined) {
  useEffect(() => {
    if (description === undefined) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const added = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const before = meta.content;
    meta.content = description;
    return () => {
      if (added) meta.remove();
      else meta.content = before;
    };
  }, [description]);
}
