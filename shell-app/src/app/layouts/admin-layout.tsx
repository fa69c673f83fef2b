import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { AdminHeader } from './admin-header';

export function AdminLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background">
      <AdminHeader />
      <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">{children ?? <Outlet />}</main>
    </div>
  );
}
