// Static blog posts shown on the /blogs page. Written by the Partsmith web team.

export interface BlogPost {
  id: string;
  title: string;
  summary: string;
  body: string[];
}

export const blogPosts: BlogPost[] = [
  {
    id: 'react-performance',
    title: 'How to improve the performance of a React application?',
    summary:
      'Measure first, then cut unnecessary re-renders, ship less JavaScript and let a data cache do the heavy lifting.',
    body: [
      'Rule number one in our workshop: measure before you tune. The Profiler tab of the React DevTools shows which components rendered, why, and how long it took, and the browser performance panel shows what the main thread was busy with. Guessing usually leads to memoising the wrong thing.',
      'Most slowness comes from components re-rendering when nothing they show has changed. Keep state as close as possible to the component that uses it, split large components so an update only touches a small subtree, and reach for memo, useMemo and useCallback where the Profiler shows a real cost. If you use the React Compiler, much of that memoisation is done for you at build time.',
      'Ship less code up front. Split the bundle by route with lazy() and dynamic import() so that a visitor looking at brake pads does not download the admin dashboard. Give images fixed dimensions, prefer small SVGs for illustrations, and lazy-load anything below the fold.',
      'Long lists deserve special care: give every row a stable key and, once a list grows into the hundreds, virtualise it so that only the visible rows are in the DOM. For expensive updates triggered by typing, useTransition and useDeferredValue keep the input responsive while the heavy part renders in the background.',
      'Finally, do not fetch the same data twice. A server-state cache such as TanStack Query deduplicates requests, keeps results between page visits and refetches in the background, which removes both loading spinners and wasted renders.',
    ],
  },
  {
    id: 'state-management',
    title: 'What are the different ways to manage state in a React application?',
    summary:
      'Local state, lifted state, context, server-state caches, the URL and global stores: each has a job, and most apps need only a few.',
    body: [
      'Start local. useState covers most interactive bits of a page, and useReducer helps when several values change together, such as the fields of an order form. State that lives inside one component is the easiest kind to reason about.',
      'When two siblings need the same value, lift the state up to their closest common parent and pass it down as props. If the value is needed deep in the tree and changes rarely, such as the signed-in user or a colour theme, put it in a Context. Keep in mind that every consumer re-renders when the context value changes, so it is a poor fit for data that updates on every keystroke.',
      'Data that comes from the server is a different animal: it is shared, it goes stale and it has to be refetched. A server-state library such as TanStack Query handles caching, loading and error states, retries and invalidation after a mutation. In our shop, the product list and orders live there rather than in hand-written global state.',
      'Do not forget the URL. Search terms, filters and the current page belong in the query string, so that links can be shared and the back button works as people expect.',
      'Global client stores such as Redux Toolkit, Zustand or Jotai earn their place when many distant components read and write the same frequently changing client-side data. Pick them deliberately, not by default.',
    ],
  },
  {
    id: 'prototypal-inheritance',
    title: 'How does prototypal inheritance work in JavaScript?',
    summary:
      'Objects delegate to other objects through a prototype chain; classes are a friendlier syntax on top of the same mechanism.',
    body: [
      'Every JavaScript object has a hidden link to another object, its prototype, which you can read with Object.getPrototypeOf(). When you access a property, the engine first looks at the object itself; if the property is not there, it follows the link to the prototype, then to that prototype\'s prototype, and so on until it finds the property or reaches null.',
      'Object.create(proto) makes the link explicit. If partPrototype has a describe() method and you create brakePad = Object.create(partPrototype), then brakePad.describe() works even though brakePad has no such property of its own. Object.hasOwn(brakePad, \'describe\') returns false because the method is inherited, not owned.',
      'Constructor functions and the new keyword use the same machinery: new Part() creates an object whose prototype is Part.prototype, so all parts share one copy of each method. The class syntax is a cleaner way to write exactly this. Methods declared in a class body live on Class.prototype, and extends links the child\'s prototype to the parent\'s, so that class Tire extends Part lets every tire use Part\'s methods.',
      'Assigning a property always writes to the object itself and never changes the prototype; the new own property simply shadows the inherited one. That is why the chain is safe to share. The one thing you should not do is add methods to built-in prototypes such as Array.prototype: it affects every array in the program and can clash with future language features.',
    ],
  },
  {
    id: 'do-not-mutate-state',
    title: 'Why should you never update React state directly?',
    summary:
      'React notices changes by comparing references. Mutate an object in place and React may never know it changed.',
    body: [
      'React treats state as a snapshot. When you call a setter, React compares the new value with the old one using Object.is, and if they are the same it can skip the render. If you push a new item into the existing cart array and pass that same array to setCart, the reference has not changed, so the screen may simply not update.',
      'Mutating without calling a setter at all is worse: nothing tells React to render, so the UI and the data drift apart until some unrelated update happens to reveal the change. Bugs like that are hard to reproduce.',
      'In-place changes also break everything else that relies on reference comparison: memo components, useMemo and useEffect dependency lists all decide what to do by checking whether a value is a new object. And because earlier renders still hold the old object, a mutation silently rewrites history, which breaks features such as undo and makes Strict Mode and concurrent rendering behave unpredictably.',
      'The fix is to create a new value each time. Copy objects with the spread syntax, use map and filter instead of push and splice, or the non-mutating toSorted, toSpliced and with methods. When the next state depends on the previous one, pass an updater function, for example setCart(items => items.map(item => item.id === id ? { ...item, quantity: item.quantity + 1 } : item)). For deeply nested data, a helper such as Immer lets you write mutation-style code that produces a fresh copy.',
    ],
  },
  {
    id: 'product-search',
    title: 'How would you implement a search to find products by name?',
    summary:
      'Normalise the input, debounce it, keep the query in the URL and let the database do the matching with safe, parameterised queries.',
    body: [
      'First decide where the search runs. With a few dozen products, filtering the already loaded list in the browser is instant and needs no extra endpoint. Once the catalogue grows, send the term to the server and return only the matches, ideally paginated.',
      'Either way, normalise both sides the same way: trim the input, compare case-insensitively so that "Radiator" finds "radiator", and consider stripping accents (normalize(\'NFD\') followed by removing the combining marks) so that "pièce" also finds "piece". A simple contains match on the product name covers most customer expectations.',
      'On the client, debounce the input by a few hundred milliseconds so that typing "alternator" does not fire ten requests. Keep the term in the URL (for example ?q=alternator) so results can be bookmarked and shared, and make sure a slow, older response cannot overwrite a newer one: a query library keyed by the search term, or an AbortController, takes care of that.',
      'On the server, always use a parameterised query, never string concatenation, and escape the LIKE wildcards % and _ in the user\'s input. A leading-wildcard LIKE cannot use a normal B-tree index, so for a large catalogue look at full-text search (FTS5 in SQLite, tsvector in PostgreSQL) or trigram indexes with pg_trgm, which also give you typo-tolerant matching.',
      'Finally, design the empty state. "No parts match \'altenator\'" with a hint to check the spelling is far friendlier than a blank grid.',
    ],
  },
  {
    id: 'unit-tests',
    title: 'What are unit tests and why should you write them?',
    summary:
      'Small, fast, automated checks of a single piece of logic that let you change code with confidence.',
    body: [
      'A unit test checks one small piece of code, usually a function or a component, in isolation. It arranges some input, acts by calling the code, and asserts on the result. Good unit tests are fast, deterministic and independent of each other, so you can run hundreds of them on every save.',
      'In a web shop the best candidates are the rules that must never be wrong: the order total is price times quantity, the quantity must be at least the product\'s minimum and no more than the stock, and an order moves from not paid to pending to shipped and never backwards. Each of these is a pure function that is trivial to test and expensive to get wrong.',
      'For components, test behaviour rather than implementation details. React Testing Library encourages queries by role, label and visible text, the way a customer finds things on screen, so your tests keep passing when you refactor the markup and fail when the feature actually breaks.',
      'We run our unit tests with Vitest, which shares its configuration with Vite and offers a Jest-compatible API, and we cover complete user journeys with a smaller number of Playwright end-to-end tests. Many fast unit tests at the bottom and a few slow end-to-end tests at the top is the classic testing pyramid.',
      'The payoff is confidence: tests catch regressions in CI before customers do, document how the code is meant to behave, and let you refactor without fear. Coverage numbers are a useful hint, not a goal in themselves.',
    ],
  },
];
