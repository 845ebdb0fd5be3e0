import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { clientAddress } from '../../platform/http/client-address.ts';
import type { Server } from '../../platform/http/server.ts';
import { contentDisposition } from '../../platform/http/documents.ts';
import { assertCsrf, clearSessionCookie, refuseCrossSite, sessionTokenOf, setSessionCookie } from '../../platform/http/session.ts';
import { changePassword } from './change-password.ts';
import { caughtMail, caughtMailAttachment, caughtMailPreview, listCaughtMail, PREVIEW_POLICY } from './mail-catcher.ts';
import { requestLanguage } from './language.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.ts';
import { permissionsOf } from '../../platform/http/roles.ts';
import { PasswordBody, PasswordResetBody, PasswordResetConfirmBody, SessionView, SignedIn, SignedUp, SignInBody, SignUpBody } from './schemas.ts';
import { requireSession, type CurrentSession } from './sessions.ts';
import { signIn } from './sign-in.ts';
import { signOut } from './sign-out.ts';
import { signUp } from './sign-up.ts';

// These endpoints serve the dashboard's own pages, not API clients: they stay out of the
// OpenAPI document (docs/decisions.md, "Dashboard accounts and sessions").
const hide = true;

/** The dashboard's JSON endpoints under /dashboard/api: accounts and sessions. */
export function registerDashboardApiRoutes(app: Server, services: Services): void {
  const { config } = services;
  const sessions = new WeakMap<FastifyRequest, CurrentSession>();
  const sessionOf = (request: FastifyRequest) => sessions.get(request)!;
  // Before the body is read: a request without a session, or a forged one, never gets that far.
  const withSession = (csrf: boolean) => async (request: FastifyRequest) => {
    const session = await requireSession({ services, token: sessionTokenOf(request, config) });
    if (csrf) assertCsrf(request, session.csrfToken);
    sessions.set(request, session);
  };
  // No session yet, so no token to check; a sign-in another site started is still refused.
  const sameSite = async (request: FastifyRequest) => refuseCrossSite(request);

  app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    // Answers carry session tokens and secrets: never stored by a cache.
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    scope.post('/dashboard/api/sign_up', { onRequest: sameSite, schema: { hide, body: SignUpBody, response: { 201: SignedUp } } }, async (request, reply) => {
      const created = await signUp({
        services,
        input: request.body,
        address: clientAddress(request),
        language: requestLanguage(request),
        presentedToken: sessionTokenOf(request, config),
      });
      setSessionCookie(reply, config, created.session.token);
      return reply.code(201).send({
        user: created.user,
        organization: created.organization,
        role: 'owner' as const,
        permissions: permissionsOf('owner'),
        csrf_token: created.session.csrfToken,
        api_key: { ...created.apiKey, mode: 'test' as const },
      });
    });

    scope.post('/dashboard/api/sign_in', { onRequest: sameSite, schema: { hide, body: SignInBody, response: { 200: SignedIn } } }, async (request, reply) => {
      const signedIn = await signIn({ services, input: request.body, address: clientAddress(request), presentedToken: sessionTokenOf(request, config) });
      setSessionCookie(reply, config, signedIn.session.token);
      return {
        user: signedIn.user,
        organization: signedIn.organization,
        role: signedIn.role,
        permissions: permissionsOf(signedIn.role),
        csrf_token: signedIn.session.csrfToken,
      };
    });

    scope.post('/dashboard/api/sign_out', { onRequest: withSession(true), schema: { hide } }, async (request, reply) => {
      await signOut({ services, session: sessionOf(request) });
      clearSessionCookie(reply, config);
      return reply.code(204).send();
    });

    scope.get('/dashboard/api/session', { onRequest: withSession(false), schema: { hide, response: { 200: SessionView } } }, async (request) => {
      const session = sessionOf(request);
      return {
        user: { id: session.userId, email: session.email },
        organization: { id: session.organizationId, name: session.organizationName },
        role: session.role,
        permissions: permissionsOf(session.role),
        csrf_token: session.csrfToken,
        expires_at: session.expiresAt.toISOString(),
        mail_catcher: services.mail.transport === 'catcher',
      };
    });

    scope.post('/dashboard/api/password', { onRequest: withSession(true), schema: { hide, body: PasswordBody } }, async (request, reply) => {
      await changePassword({ services, session: sessionOf(request), input: request.body, language: requestLanguage(request) });
      return reply.code(204).send();
    });

    // The same answer whether the e-mail has an account or not (password-reset.ts).
    scope.post('/dashboard/api/password_reset', { onRequest: sameSite, schema: { hide, body: PasswordResetBody } }, async (request, reply) => {
      await requestPasswordReset({ services, email: request.body.email, address: clientAddress(request), language: requestLanguage(request) });
      return reply.code(202).send({});
    });

    scope.post('/dashboard/api/password_reset/confirm', { onRequest: sameSite, schema: { hide, body: PasswordResetConfirmBody } }, async (request, reply) => {
      await confirmPasswordReset({ services, input: request.body, language: requestLanguage(request) });
      return reply.code(204).send();
    });

    // The mail catcher (docs/guides/email.md): messages kept instead of sent, for this organization.
    scope.get('/dashboard/api/mail', { onRequest: withSession(false), schema: { hide } }, async (request) => listCaughtMail(services, sessionOf(request)));
    const MessageParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
    scope.get('/dashboard/api/mail/:id', { onRequest: withSession(false), schema: { hide, params: MessageParams } }, async (request) =>
      caughtMail(services, sessionOf(request), request.params.id),
    );
    scope.get('/dashboard/api/mail/:id/preview', { onRequest: withSession(false), schema: { hide, params: MessageParams } }, async (request, reply) => {
      const html = await caughtMailPreview(services, sessionOf(request), request.params.id);
      return reply.header('Content-Security-Policy', PREVIEW_POLICY).header('X-Content-Type-Options', 'nosniff').type('text/html; charset=utf-8').send(html);
    });
    scope.get(
      '/dashboard/api/mail/:id/attachments/:position',
      {
        onRequest: withSession(false),
        schema: { hide, params: Type.Object({ id: Type.String({ maxLength: 100 }), position: Type.Integer({ minimum: 0, maximum: 100 }) }) },
      },
      async (request, reply) => {
        const file = await caughtMailAttachment(services, sessionOf(request), request.params.id, request.params.position);
        return reply
          .type(file.contentType)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Disposition', contentDisposition('attachment', file.filename))
          .send(file.content);
      },
    );

    const unknown = async (request: FastifyRequest) => {
      const route = `${request.method} ${request.url.split('?')[0]}`;
      throw new ApiError('request.route_not_found', { en: `There is no dashboard endpoint ${route}.`, es: `El panel no tiene el servicio ${route}.` });
    };
    scope.all('/dashboard/api', { schema: { hide } }, unknown);
    scope.all('/dashboard/api/*', { schema: { hide } }, unknown);
  });
}
