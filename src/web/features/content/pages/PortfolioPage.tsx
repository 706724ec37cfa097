import { developers, team, techStack } from '../copy/portfolio.js';

export function PortfolioPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <title>Portfolio – Partsmith</title>
      <header className="rounded-2xl bg-gradient-to-br from-slate-900 to-brand-800 p-8 text-white">
        <p className="text-sm font-semibold tracking-widest text-amber-300 uppercase">Portfolio</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight">{team.name}</h1>
        <p className="mt-3 max-w-3xl text-slate-100">{team.intro}</p>
      </header>

      <section aria-labelledby="team-title" className="mt-10">
        <h2 id="team-title" className="text-2xl font-bold text-slate-900">
          The developers
        </h2>
        <ul className="mt-6 space-y-6">
          {developers.map((dev) => (
            <li key={dev.id}>
              <article className="card grid gap-6 p-6 md:grid-cols-[auto_1fr]" aria-labelledby={`dev-${dev.id}`}>
                <img
                  src={dev.avatar}
                  alt={`Portrait of ${dev.name}`}
                  width={120}
                  height={120}
                  loading="lazy"
                  className="h-28 w-28 rounded-full bg-slate-100"
                />
                <div>
                  <h3 id={`dev-${dev.id}`} className="text-xl font-bold text-slate-900">
                    {dev.name}
                  </h3>
                  <p className="font-medium text-brand-700">{dev.role}</p>
                  <p className="mt-1 text-sm">
                    <a href={`mailto:${dev.email}`} className="text-slate-700 underline hover:text-brand-700">
                      {dev.email}
                    </a>
                  </p>
                  <p className="mt-3 text-slate-800">{dev.bio}</p>
                  <h4 className="mt-4 text-sm font-bold tracking-wide text-slate-700 uppercase">Skills</h4>
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {dev.skills.map((skill) => (
                      <li key={skill} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
                        {skill}
                      </li>
                    ))}
                  </ul>
                  <h4 className="mt-4 text-sm font-bold tracking-wide text-slate-700 uppercase">Projects</h4>
                  <ul className="mt-2 space-y-2">
                    {dev.projects.map((project) => (
                      <li key={project.name} className="text-slate-800">
                        <span className="font-semibold">{project.name}</span> – {project.description}
                      </li>
                    ))}
                  </ul>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="stack-title" className="mt-10">
        <h2 id="stack-title" className="text-2xl font-bold text-slate-900">
          Tech stack
        </h2>
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {techStack.map((item) => (
            <li key={item.name} className="card p-4">
              <p className="font-semibold text-slate-900">{item.name}</p>
              <p className="text-sm text-slate-700">{item.purpose}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
