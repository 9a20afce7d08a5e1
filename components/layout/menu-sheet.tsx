"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import type { NavItem } from "@/lib/navigation";
import type { WhatWaits } from "@/lib/what-waits";
import { MenuNav } from "./app-nav";
import { CloseIcon, MenuIcon } from "@/components/ui/icons";
import { SignOutButton } from "./sign-out-button";

interface MenuSheetProps {
  items: readonly NavItem[];
  waits: WhatWaits;
  user: { name: string; email: string; role: string };
  className?: string;
}

/**
 * Below `lg`, the header is one slim row: this button opens the navigation, who is signed in,
 * their account and Sign out in a sheet from the left (a dialog: focus stays in it, Escape closes it).
 */
export function MenuSheet({ items, waits, user, className }: MenuSheetProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className={className}>
          <MenuIcon />
          Menu
        </Button>
      </DialogTrigger>
      <DialogContent
        aria-describedby={undefined}
        className="left-0 top-0 h-dvh w-80 max-w-[85vw] translate-x-0 translate-y-0 content-start gap-5 overflow-y-auto rounded-none p-4"
      >
        <div className="flex items-center justify-between gap-2">
          <DialogTitle>Menu</DialogTitle>
          <DialogClose asChild>
            <Button variant="ghost" size="sm" className="px-2">
              <CloseIcon />
              <span className="sr-only">Close menu</span>
            </Button>
          </DialogClose>
        </div>
        <div className="grid gap-0.5 rounded-md bg-slate-50 px-3 py-2 text-sm">
          <span className="font-medium">{user.name}</span>
          <span className="break-all text-slate-600">
            {user.email} · {user.role}
          </span>
        </div>
        <MenuNav items={items} waits={waits} onNavigate={close} />
        <div className="flex items-center justify-between gap-2 border-t border-slate-200 pt-4">
          <Link
            href="/account/sessions"
            onClick={close}
            className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Account
          </Link>
          <SignOutButton />
        </div>
      </DialogContent>
    </Dialog>
  );
}
