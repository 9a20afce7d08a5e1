"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/define-action";
import { changeRoleSchema, createUserSchema, setUserDisabledSchema } from "./schemas";
import { changeUserRole, createUser, setUserDisabled } from "./manage-users";

const USERS_PATH = "/admin/users";

export const createUserAction = defineAction({
  permission: "users:manage",
  schema: createUserSchema,
  handler: async (input, { db }) => {
    const user = await createUser(db, input);
    revalidatePath(USERS_PATH);
    return { id: user.id, email: user.email };
  },
});

export const changeRoleAction = defineAction({
  permission: "users:manage",
  schema: changeRoleSchema,
  handler: async ({ userId, role }, { db }) => {
    await changeUserRole(db, userId, role);
    revalidatePath(USERS_PATH);
    return { userId, role };
  },
});

export const setUserDisabledAction = defineAction({
  permission: "users:manage",
  schema: setUserDisabledSchema,
  handler: async ({ userId, disabled }, { db }) => {
    await setUserDisabled(db, userId, disabled);
    revalidatePath(USERS_PATH);
    return { userId, disabled };
  },
});
