import { Type } from 'typebox';
import { ROLES } from '../../platform/http/roles.ts';

const Role = Type.Union(
  ROLES.map((role) => Type.Literal(role)),
  { description: 'owner, admin, developer or accountant (docs/guides/team.md).' },
);
// A token is 43 URL-safe characters; anything longer is not one.
const Token = Type.String({ minLength: 1, maxLength: 100 });

export const InviteBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }), role: Role }, { additionalProperties: false });
export const RoleBody = Type.Object({ role: Role }, { additionalProperties: false });
export const TokenBody = Type.Object({ token: Token }, { additionalProperties: false });
export const InvitationSignUpBody = Type.Object(
  { token: Token, password: Type.String({ minLength: 10, maxLength: 200, description: 'At least 10 characters.' }) },
  { additionalProperties: false },
);
export const SwitchBody = Type.Object({ organization_id: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });
export const UserIdParam = Type.Object({ user_id: Type.String({ minLength: 1, maxLength: 100 }) });
export const InvitationIdParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const AuditQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
    starting_after: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
