import { Type } from 'typebox';

// Lengths count characters; 200 bounds the work one password costs to hash.
const NewPassword = Type.String({ minLength: 10, maxLength: 200, description: 'At least 10 characters.' });
const AnyPassword = Type.String({ minLength: 1, maxLength: 200 });
const Email = Type.String({ minLength: 1, maxLength: 254 });

export const SignUpBody = Type.Object(
  {
    email: Email,
    password: NewPassword,
    organization_name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  },
  { additionalProperties: false },
);

export const SignInBody = Type.Object({ email: Email, password: AnyPassword }, { additionalProperties: false });

export const PasswordBody = Type.Object({ current_password: AnyPassword, new_password: NewPassword }, { additionalProperties: false });

export const PasswordResetBody = Type.Object({ email: Email }, { additionalProperties: false });

export const PasswordResetConfirmBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), new_password: NewPassword },
  { additionalProperties: false },
);

const User = Type.Object({ id: Type.String(), email: Type.String() });
const Organization = Type.Object({ id: Type.String(), name: Type.String() });

const Role = Type.String({ description: "The user's role in the organization: owner, admin, developer or accountant." });
// The role's permissions from the API's one table (platform/http/roles.ts): the dashboard shows an
// action only when they hold the permission the API will check.
const Permissions = Type.Array(Type.Union([Type.Literal('read'), Type.Literal('write'), Type.Literal('manage_members'), Type.Literal('manage_owners')]));

export const SignedIn = Type.Object({ user: User, organization: Organization, role: Role, permissions: Permissions, csrf_token: Type.String() });

export const SignedUp = Type.Object({
  user: User,
  organization: Organization,
  role: Role,
  permissions: Permissions,
  csrf_token: Type.String(),
  api_key: Type.Object({ id: Type.String(), secret: Type.String(), mode: Type.Literal('test') }),
});

export const SessionView = Type.Object({
  user: User,
  organization: Organization,
  role: Role,
  permissions: Permissions,
  csrf_token: Type.String(),
  expires_at: Type.String(),
  /** Whether the service keeps its messages for the dashboard's mail catcher (no SMTP_URL, outside production). */
  mail_catcher: Type.Boolean(),
});
