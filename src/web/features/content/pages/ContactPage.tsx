import { ContactForm } from '../components/ContactForm.js';
import { contact } from '../copy/home.js';

/** The footer's Contact (and Bulk orders, Custom manufacturing): the home page's contact form on a page of its own. */
export function ContactPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <title>Contact – Partsmith</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Contact</h1>
      <p className="mt-3 text-lg text-slate-700">{contact.text}</p>
      <div className="card mt-8 p-6 sm:p-8">
        <ContactForm />
      </div>
    </div>
  );
}
