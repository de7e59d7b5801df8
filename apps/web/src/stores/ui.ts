import { create } from 'zustand';

/** The spec's `ui` state group (document 000, section 3); not persisted. */
type UiState = {
  isProfileFormEditable: boolean;
  isVideoFormEditable: boolean;
  isLoading: boolean;
  showAlert: boolean;
  /** Where Log Out is taking the app: no page is shown until the router has rendered it. */
  leavingTo: string | null;
  setProfileFormEditable: (on: boolean) => void;
  setVideoFormEditable: (on: boolean) => void;
  setLoading: (on: boolean) => void;
  setShowAlert: (on: boolean) => void;
  setLeavingTo: (path: string | null) => void;
};

export const useUiStore = create<UiState>()((set) => ({
  isProfileFormEditable: false,
  isVideoFormEditable: false,
  isLoading: false,
  showAlert: true,
  leavingTo: null,
  setProfileFormEditable: (on) => set({ isProfileFormEditable: on }),
  setVideoFormEditable: (on) => set({ isVideoFormEditable: on }),
  setLoading: (on) => set({ isLoading: on }),
  setShowAlert: (on) => set({ showAlert: on }),
  setLeavingTo: (path) => set({ leavingTo: path }),
}));
