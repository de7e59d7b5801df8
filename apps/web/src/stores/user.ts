import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { User } from '@ridealong/contracts';

/** The spec's `user` state group (document 000, section 3). */
export type ClientUser = Partial<User> & {
  userId: string;
  isAuthenticated: boolean;
  authorized: boolean;
  token: string;
  enter_demo_mode_at: number | null;
};

const defaults: ClientUser = {
  userId: '',
  isAuthenticated: false,
  authorized: false,
  token: '',
  enter_demo_mode_at: null,
};

type UserState = {
  user: ClientUser;
  /** Merge the sign-in payload into the user and mark it authenticated. */
  authenticate: (user: User, token: string) => void;
  /** Merge changed fields (after an update call or a refetch). */
  updateUser: (fields: Partial<User>) => void;
  logout: () => void;
};

export const useUserStore = create<UserState>()(
  persist(
    (set) => ({
      user: defaults,
      authenticate: (user, token) =>
        set((s) => ({
          user: {
            ...s.user,
            ...user,
            userId: String(user.id),
            token,
            isAuthenticated: true,
            authorized: true,
          },
        })),
      updateUser: (fields) => set((s) => ({ user: { ...s.user, ...fields } })),
      logout: () => set({ user: defaults }),
    }),
    {
      name: 'ridealong.user',
      version: 1,
      // A saved state from before enter_demo_mode_at existed gets null (section 3).
      merge: (persisted, current) => {
        const saved = (persisted as Partial<UserState> | undefined)?.user;
        return {
          ...current,
          user: { ...defaults, ...saved, enter_demo_mode_at: saved?.enter_demo_mode_at ?? null },
        };
      },
      partialize: (s) => ({ user: s.user }),
    },
  ),
);

/** Signed in is true whenever the user id is not empty (section 4). */
export const selectSignedIn = (s: UserState) => s.user.userId !== '';
