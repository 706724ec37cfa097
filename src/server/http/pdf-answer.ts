import type { FastifyReply } from 'fastify';

/** Answers a private PDF (an invoice, a packing slip, a credit note) as a download named `fileName`, never cached. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
