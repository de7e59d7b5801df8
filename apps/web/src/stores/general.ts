import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The spec's `general` state group (document 000, section 3). */
type GeneralState = {
  electronMode: boolean;
  showTerms: boolean;
  confirmedAgreement: boolean;
  hostName: string;
  serverName: string;
  startSignal: boolean;
  demoMode: boolean;
  showMainOverlay: boolean;
  setElectronMode: (on: boolean) => void;
  toggleElectronMode: () => void;
  setDemoMode: (on: boolean) => void;
  showTermsAgreement: () => void;
  confirmAgreement: () => void;
  clearTerms: () => void;
  setShowMainOverlay: (on: boolean) => void;
  setStartSignal: (on: boolean) => void;
};

export const useGeneralStore = create<GeneralState>()(
  persist(
    (set) => ({
      electronMode: false,
      showTerms: false,
      confirmedAgreement: false,
      hostName: typeof window === 'undefined' ? '' : window.location.host,
      serverName: typeof window === 'undefined' ? '' : window.location.origin,
      startSignal: false,
      demoMode: false,
      showMainOverlay: false,
      setElectronMode: (on) => set({ electronMode: on }),
      toggleElectronMode: () => set((s) => ({ electronMode: !s.electronMode })),
      setDemoMode: (on) => set({ demoMode: on }),
      showTermsAgreement: () => set({ showTerms: true, confirmedAgreement: false }),
      confirmAgreement: () => set({ confirmedAgreement: true, showTerms: false }),
      clearTerms: () => set({ confirmedAgreement: false, showTerms: false }),
      setShowMainOverlay: (on) => set({ showMainOverlay: on }),
      setStartSignal: (on) => set({ startSignal: on }),
    }),
    {
      name: 'ridealong.general',
      version: 1,
      // Saved on every change with the terms flags cleared (section 3, Persistence).
      partialize: (s) => ({
        electronMode: s.electronMode,
        demoMode: s.demoMode,
        hostName: s.hostName,
        serverName: s.serverName,
        showTerms: false,
        confirmedAgreement: false,
      }),
    },
  ),
);
