import { UserRole } from '../generated/prisma/enums.js';
import { builder } from '../graphql/builder.js';
import { readableBy } from '../graphql/read-access.js';
import { pageArgs, pageOf, pageType } from '../graphql/pagination.js';

export const UserRoleEnum = builder.enumType(UserRole, {
  name: 'UserRole',
  description: 'What a user does in the business; some operations depend on it.',
  values: {
    system_admin: { description: 'Administers the tenant; may assign inspections to others.' },
    manager: { description: 'Manages the team and reviews work.' },
    field_coordinator: { description: 'Schedules field work; may assign inspections to others.' },
    technician: { description: 'Performs field inspections.' },
    sales: { description: 'Works leads and deals.' },
  },
});

export const User = builder.prismaObject('User', {
  authScopes: readableBy('User'),
  description: 'A person who works for the tenant. API keys act as the user who created them.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'User id (use it as `ownerId`, `assignedTo`, ...).' }),
    name: t.exposeString('name', { description: 'Full name.' }),
    email: t.expose('email', { type: 'EmailAddress', description: 'Email address.' }),
    role: t.expose('role', { type: UserRoleEnum, description: 'Role in the tenant.' }),
  }),
});

const UserPage = pageType('User', User, 'users, by name');

builder.queryFields((t) => ({
  users: t.field({
    type: UserPage,
    description: 'Users of the tenant by name, so integrators can find the ids they assign. Any secret key.',
    authScopes: { secretKey: true },
    args: { ...pageArgs().page, role: t.arg({ type: UserRoleEnum, description: 'Only users with this role.' }) },
    resolve: (_root, args, ctx) => {
      const where = { role: args.role ?? undefined };
      return pageOf(args, ({ skip, take }) =>
        Promise.all([ctx.db.user.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], skip, take }), ctx.db.user.count({ where })]),
      );
    },
  }),
}));
