import { blogPosts } from '../copy/blogs.js';

export function BlogsPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <title>Blogs – Partsmith</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Blogs</h1>
      <p className="mt-1 text-slate-700">Notes from the team that builds the Partsmith shop.</p>
      <ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {blogPosts.map((post) => (
          <li key={post.id} className="flex">
            <article className="card flex w-full flex-col p-6" aria-labelledby={`post-${post.id}`}>
              <h2 id={`post-${post.id}`} className="text-lg font-bold text-slate-900">
                {post.title}
              </h2>
              <p className="mt-3 text-slate-700">{post.summary}</p>
              <details className="group mt-4">
                <summary className="cursor-pointer font-semibold text-brand-700 underline-offset-2 hover:underline">
                  <span className="group-open:hidden">Read more</span>
                  <span className="hidden group-open:inline">Show less</span>
                </summary>
                <div className="mt-3 space-y-3 text-sm leading-relaxed text-slate-800">
                  {post.body.map((paragraph, index) => (
                    <p key={index}>{paragraph}</p>
                  ))}
                </div>
              </details>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
