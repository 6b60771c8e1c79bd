import { administratorRoles } from '../auth/roles.js';
import { UserRole } from '../generated/prisma/enums.js';
import { builder } from '../graphql/builder.js';
import { Node } from '../graphql/node.js';
import { defineList } from '../graphql/connection.js';
import { anyOfDescription, searchDescription } from '../graphql/list-filters.js';
import { searchText } from '../shared/validation.js';
import { changeUserRole, deactivateUser, inviteUser, reactivateUser } from './user.admin.js';
import { listUsers, userOrder } from './user.service.js';
import { recordPayload } from '../graphql/mutation-payload.js';

export const UserRoleEnum = builder.enumType(UserRole, {
  name: 'UserRole',
  description: 'What a user does in the business. A dashboard session acts with the scopes of its user\'s role (see the schema description); some operations also depend on the role itself.',
  values: {
    system_admin: { description: 'Administers the tenant: every scope, and users and modules; may assign inspections to others.' },
    manager: { description: 'Manages the team and reviews work: every scope, API keys included.' },
    field_coordinator: { description: 'Schedules field work: companies, contacts, bookings and inspections; may assign inspections to others.' },
    technician: { description: 'Performs field inspections: reads companies, contacts and bookings, reads and writes inspections.' },
    sales: { description: 'Works leads and deals: leads, pipeline, companies, contacts, bookings, and reads invoices.' },
  },
});

export const User = builder.prismaObject('User', {
  interfaces: [Node],
  description: 'A person who works for the tenant. API keys act as the user who created them.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'User id (use it as `ownerId`, `assignedTo`, ...).' }),
    name: t.exposeString('name', { description: 'Full name.' }),
    email: t.expose('email', { type: 'EmailAddress', description: 'Email address (lower-case); dashboard sign-in links are sent to it.' }),
    role: t.expose('role', { type: UserRoleEnum, description: 'Role in the tenant.' }),
    active: t.boolean({
      description: 'False once deactivated: the user cannot sign in, and their keys do not work.',
      select: { deactivatedAt: true },
      resolve: (user) => user.deactivatedAt === null,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the user was added to the tenant (ISO 8601, UTC).' }),
    deactivatedAt: t.expose('deactivatedAt', { type: 'DateTime', nullable: true, description: 'When the user was deactivated; null while active.' }),
  }),
});

const userList = defineList(User, userOrder, {
  plural: 'users',
  filterDescription: 'Conditions on users; every given condition must hold.',
  filter: (t) => ({
    search: t.string({ description: searchDescription('name or email'), validate: searchText }),
    role: t.field({ type: [UserRoleEnum], ...anyOfDescription('users with', 'role', 'roles') }),
  }),
});

/** Users and modules are the administrator's: the role, with the scope a key needs for settings. */
export const administerTenant = { $all: { scope: 'settings.manage', role: administratorRoles } } as const;

const InviteUserInput = builder.inputType('InviteUserInput', {
  description: 'A person to add to the tenant.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'Full name (1 to 200 characters).' }),
    email: t.string({ required: true, description: 'Email address, unique in the tenant; the sign-in link goes to it.' }),
    role: t.field({ type: UserRoleEnum, required: true, description: 'Their role.' }),
  }),
});

builder.queryFields((t) => ({
  users: t.field({
    type: userList.connection,
    description: 'Users of the tenant, deactivated ones included, so integrators can find the ids they assign; by name unless `orderBy` says otherwise. Any secret key.',
    authScopes: { secretKey: true },
    args: userList.args(),
    resolve: (_root, args, ctx) => listUsers(ctx, args),
  }),
}));

const InviteUserPayload = recordPayload('inviteUser', 'user', User);
const ChangeUserRolePayload = recordPayload('changeUserRole', 'user', User);
const DeactivateUserPayload = recordPayload('deactivateUser', 'user', User);
const ReactivateUserPayload = recordPayload('reactivateUser', 'user', User);

builder.mutationFields((t) => ({
  inviteUser: t.field({
    type: InviteUserPayload,
    description: 'Adds a user to the tenant and emails them a dashboard sign-in link (valid 15 minutes; they can ask for another on the sign-in page). 409 if the email is taken in the tenant.',
    authScopes: administerTenant,
    args: { input: t.arg({ type: InviteUserInput, required: true, description: 'Who to invite.' }) },
    resolve: (_root, { input }, ctx) => inviteUser(ctx, input),
  }),
  changeUserRole: t.field({
    type: ChangeUserRolePayload,
    description: "Changes another user's role (never your own: 409). Their sessions take the new role at their next request.",
    authScopes: administerTenant,
    args: {
      id: t.arg({ type: 'UUID', required: true, description: 'User id.' }),
      role: t.arg({ type: UserRoleEnum, required: true, description: 'The new role.' }),
    },
    resolve: (_root, { id, role }, ctx) => changeUserRole(ctx, id, role),
  }),
  deactivateUser: t.field({
    type: DeactivateUserPayload,
    description: 'Deactivates another user (never yourself: 409): their sessions end and their API keys stop working at once, on every process.',
    authScopes: administerTenant,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'User id.' }) },
    resolve: (_root, { id }, ctx) => deactivateUser(ctx, id),
  }),
  reactivateUser: t.field({
    type: ReactivateUserPayload,
    description: 'Lets a deactivated user sign in again; their keys work again unless revoked or expired meanwhile.',
    authScopes: administerTenant,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'User id.' }) },
    resolve: (_root, { id }, ctx) => reactivateUser(ctx, id),
  }),
}));
