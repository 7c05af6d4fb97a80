// /sandbox/passkeys: the payment passkeys of the shared test consumers (the ones listed on
// /sandbox), each with a Remove button, so a tester can start again from the code. Passkeys of
// profiles a tester enrolled themselves are not listed: they are nobody else's to remove.
import { resolveLocale, type LocaleCode } from '@c2p/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sandboxConsumers, sandboxPasskeys } from '../store/schema.ts';
import { SANDBOX_CONSUMERS } from '../test-data.ts';
import type { SandboxDatabase } from './db.ts';
import { ANYONE, SANDBOX_PAGE } from './route-callers.ts';
import { sandboxPageLocale } from './pages-strings.ts';
import { escapeHtml as e } from './util.ts';

const STRINGS: Record<
  LocaleCode,
  {
    title: string;
    intro: string;
    columns: [string, string, string, string, string];
    remove: (email: string) => string;
    none: string;
    back: string;
  }
> = {
  'en-US': {
    title: 'Payment passkeys of the test consumers',
    intro:
      'A passkey belongs to one profile at one host (localhost and 127.0.0.1 are two). Remove one to see the code again; signing out keeps them.',
    columns: ['Consumer', 'Host', 'Passkey', 'Created', 'Remove'],
    remove: (email) => `Remove the passkey of ${email}`,
    none: 'No test consumer has a passkey yet.',
    back: 'Back to the test data',
  },
  'fr-FR': {
    title: 'Clés d’accès de paiement des consommateurs de test',
    intro:
      'Une clé d’accès appartient à un profil sur un hôte (localhost et 127.0.0.1 en font deux). Supprimez-en une pour revoir le code ; la déconnexion les garde.',
    columns: ['Consommateur', 'Hôte', 'Clé d’accès', 'Créée le', 'Supprimer'],
    remove: (email) => `Supprimer la clé d’accès de ${email}`,
    none: 'Aucun consommateur de test n’a encore de clé d’accès.',
    back: 'Retour aux données de test',
  },
  'ar-EG': {
    title: 'مفاتيح المرور للدفع لمستهلكي الاختبار',
    intro:
      'ينتمي مفتاح المرور إلى ملف واحد على مضيف واحد (localhost و127.0.0.1 مضيفان). احذف أحدها لترى الرمز من جديد؛ تسجيل الخروج يُبقيها.',
    columns: ['المستهلك', 'المضيف', 'مفتاح المرور', 'تاريخ الإنشاء', 'حذف'],
    remove: (email) => `حذف مفتاح المرور الخاص بـ ${email}`,
    none: 'لا يملك أي مستهلك اختبار مفتاح مرور بعد.',
    back: 'العودة إلى بيانات الاختبار',
  },
};

const TEST_EMAILS = SANDBOX_CONSUMERS.map((consumer) => consumer.email);

async function testPasskeys(db: SandboxDatabase) {
  return db
    .select({
      email: sandboxConsumers.email,
      rpId: sandboxPasskeys.rpId,
      credentialId: sandboxPasskeys.credentialId,
      createdAt: sandboxPasskeys.createdAt,
    })
    .from(sandboxPasskeys)
    .innerJoin(sandboxConsumers, eq(sandboxConsumers.id, sandboxPasskeys.consumerId))
    .where(inArray(sandboxConsumers.email, TEST_EMAILS))
    .orderBy(sandboxConsumers.email, sandboxPasskeys.createdAt);
}

function page(localeCode: LocaleCode, rows: Awaited<ReturnType<typeof testPasskeys>>): string {
  const s = STRINGS[localeCode];
  const locale = resolveLocale(localeCode);
  const body = rows
    .map(
      (row) => `<tr><td><code dir="ltr">${e(row.email)}</code></td><td><code dir="ltr">${e(row.rpId)}</code></td>
<td><code dir="ltr">${e(row.credentialId.slice(0, 12))}…</code></td>
<td>${e(new Intl.DateTimeFormat(localeCode, { dateStyle: 'medium', timeStyle: 'short' }).format(row.createdAt))}</td>
<td><form method="post" action="/sandbox/passkeys/remove"><input type="hidden" name="credentialId" value="${e(row.credentialId)}">
<button type="submit" aria-label="${e(s.remove(row.email))}">${e(s.columns[4])}</button></form></td></tr>`,
    )
    .join('');
  const table = `<table><thead><tr>${s.columns.map((c) => `<th>${e(c)}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table>`;
  return `<!doctype html>
<html lang="${localeCode}" dir="${locale.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(s.title)}</title><style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #f7f7f5; color: #1a1a1a; }
main { max-inline-size: 60rem; margin: 0 auto; padding: 1.5rem; }
table { border-collapse: collapse; inline-size: 100%; background: #fff; }
th, td { border: 1px solid #ddd; padding: .4rem .6rem; text-align: start; }
code { unicode-bidi: isolate; }
</style></head>
<body><main><h1>${e(s.title)}</h1><p>${e(s.intro)}</p>
${rows.length > 0 ? table : `<p>${e(s.none)}</p>`}
<p><a href="/sandbox?locale=${localeCode}">${e(s.back)}</a></p></main></body></html>`;
}

/** A link to the page, for /sandbox. */
export const passkeysPageLink = (localeCode: LocaleCode) =>
  `<p><a href="/sandbox/passkeys?locale=${localeCode}">${e(STRINGS[localeCode].title)}</a></p>`;

export async function passkeysPageRoutes(app: FastifyInstance, { db }: { db: SandboxDatabase }): Promise<void> {
  // The page's form posts urlencoded: only this route reads that type.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/passkeys', ANYONE, async (request, reply) => {
    const locale = sandboxPageLocale(request);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(locale, await testPasskeys(db)));
  });

  // The page's own form only (its guard): a page elsewhere, or an opaque one, cannot remove them for the visitor.
  app.post<{ Body: Record<string, unknown> }>('/passkeys/remove', SANDBOX_PAGE, async (request, reply) => {
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return reply
        .status(415)
        .send({ statusCode: 415, message: 'Send the page’s form (application/x-www-form-urlencoded)' });
    }
    const credentialId = typeof request.body?.credentialId === 'string' ? request.body.credentialId : '';
    const testConsumers = db
      .select({ id: sandboxConsumers.id })
      .from(sandboxConsumers)
      .where(inArray(sandboxConsumers.email, TEST_EMAILS));
    await db
      .delete(sandboxPasskeys)
      .where(and(eq(sandboxPasskeys.credentialId, credentialId), inArray(sandboxPasskeys.consumerId, testConsumers)));
    return reply.redirect('/sandbox/passkeys', 303);
  });
}
