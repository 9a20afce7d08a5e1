"use server";

import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/auth/define-action";
import { changeRoleSchema, createUserSchema, setUserDisabledSchema } from "./schemas";
import { UserRuleError } from "./errors";
import { changeUserRole, createUser, setUserDisabled } from "./manage-users";

const USERS_PATH = "/admin/users";

export const createUserAction = defineAction({
  permission: "users:manage",
  schema: createUserSchema,
  handler: async (input, { db }) => {
    const user = await asActionError(() => createUser(db, input));
    revalidatePath(USERS_PATH);
    return { id: user.id, email: user.email };
  },
});

export const changeRoleAction = defineAction({
  permission: "users:manage",
  schema: changeRoleSchema,
  handler: async ({ userId, role }, { db }) => {
    await asActionError(() => changeUserRole(db, userId, role));
    revalidatePath(USERS_PATH);
    return { userId, role };
  },
});

export const setUserDisabledAction = defineAction({
  permission: "users:manage",
  schema: setUserDisabledSchema,
  handler: async ({ userId, disabled }, { db }) => {
    await asActionError(() => setUserDisabled(db, userId, disabled));
    revalidatePath(USERS_PATH);
    return { userId, disabled };
  },
});

async function asActionError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UserRuleError) {
      throw new ActionError(error.message, error.field ? { [error.field]: [error.message] } : undefined);
    }
    throw error;
  }
}
