import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../platform/context.ts';
import { clientAddress } from '../../platform/http/client-address.ts';
import { assertRoleAllows, permissionsOf } from '../../platform/http/roles.ts';
import type { Server } from '../../platform/http/server.ts';
import { assertCsrf, refuseCrossSite, sessionTokenOf, setSessionCookie } from '../../platform/http/session.ts';
import { listAudit } from './audit.ts';
import { acceptInvitation, invite, pendingInvitations, previewInvitation, signUpWithInvitation, withdrawInvitation } from './invitations.ts';
import { requestLanguage } from './language.ts';
import { SignedIn } from './schemas.ts';
import { changeRole, membersOf, organizationsOf, removeMember, switchOrganization, type Origin } from './members.ts';
import { requireSession, type CurrentSession } from './sessions.ts';
import { AuditQuery, InvitationIdParam, InvitationSignUpBody, InviteBody, RoleBody, SwitchBody, TokenBody, UserIdParam } from './team-schemas.ts';

// The dashboard's own endpoints stay out of the OpenAPI document, like its sessions'.
const hide = true;

/** Members, invitations, the organization switcher and the audit log under /dashboard/api. */
export function registerTeamRoutes(app: Server, services: Services): void {
  const { config } = services;
  const sessions = new WeakMap<FastifyRequest, CurrentSession>();
  const origin = (request: FastifyRequest): Origin => ({ session: sessions.get(request)!, address: clientAddress(request) });
  const withSession = (csrf: boolean) => async (request: FastifyRequest) => {
    const session = await requireSession({ services, token: sessionTokenOf(request, config) });
    if (csrf) assertCsrf(request, session.csrfToken);
    sessions.set(request, session);
  };
  const sameSite = async (request: FastifyRequest) => refuseCrossSite(request);

  app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    scope.get('/dashboard/api/organizations', { onRequest: withSession(false), schema: { hide } }, async (request) => ({
      data: await organizationsOf(services, origin(request).session),
    }));

    scope.post('/dashboard/api/session/organization', { onRequest: withSession(true), schema: { hide, body: SwitchBody } }, async (request, reply) => {
      await switchOrganization(services, origin(request).session, request.body.organization_id);
      return reply.code(204).send();
    });

    scope.get('/dashboard/api/members', { onRequest: withSession(false), schema: { hide } }, async (request) => membersOf(services, origin(request).session));

    scope.patch('/dashboard/api/members/:user_id', { onRequest: withSession(true), schema: { hide, params: UserIdParam, body: RoleBody } }, async (request) =>
      changeRole(services, origin(request), request.params.user_id, request.body.role),
    );

    scope.delete('/dashboard/api/members/:user_id', { onRequest: withSession(true), schema: { hide, params: UserIdParam } }, async (request, reply) => {
      await removeMember(services, origin(request), request.params.user_id);
      return reply.code(204).send();
    });

    scope.get('/dashboard/api/invitations', { onRequest: withSession(false), schema: { hide } }, async (request) =>
      pendingInvitations(services, origin(request).session),
    );

    scope.post('/dashboard/api/invitations', { onRequest: withSession(true), schema: { hide, body: InviteBody } }, async (request, reply) =>
      reply.code(201).send(await invite(services, origin(request), request.body, requestLanguage(request))),
    );

    scope.delete('/dashboard/api/invitations/:id', { onRequest: withSession(true), schema: { hide, params: InvitationIdParam } }, async (request, reply) => {
      await withdrawInvitation(services, origin(request), request.params.id);
      return reply.code(204).send();
    });

    // The token travels in bodies, never in a URL, so no log or Referer carries it.
    scope.post('/dashboard/api/invitations/preview', { onRequest: sameSite, schema: { hide, body: TokenBody } }, async (request) =>
      previewInvitation(services, request.body.token),
    );

    scope.post('/dashboard/api/invitations/accept', { onRequest: withSession(true), schema: { hide, body: TokenBody } }, async (request) =>
      acceptInvitation(services, origin(request), request.body.token),
    );

    scope.post(
      '/dashboard/api/invitations/sign_up',
      { onRequest: sameSite, schema: { hide, body: InvitationSignUpBody, response: { 201: SignedIn } } },
      async (request, reply) => {
        const joined = await signUpWithInvitation({
          services,
          token: request.body.token,
          password: request.body.password,
          address: clientAddress(request),
          language: requestLanguage(request),
          presentedToken: sessionTokenOf(request, config),
        });
        setSessionCookie(reply, config, joined.session.token);
        return reply.code(201).send({
          user: joined.user,
          organization: joined.organization,
          role: joined.role,
          permissions: permissionsOf(joined.role),
          csrf_token: joined.session.csrfToken,
        });
      },
    );

    scope.get('/dashboard/api/audit_events', { onRequest: withSession(false), schema: { hide, querystring: AuditQuery } }, async (request) => {
      const { session } = origin(request);
      assertRoleAllows(session.role, 'manage_members', { en: 'read the audit log', es: 'consultar la bitácora' });
      return listAudit(services, session.organizationId, request.query);
    });
  });
}
