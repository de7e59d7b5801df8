/**
 * Whether the shell hides the page. While Log Out is under way the page stays hidden until the
 * location React has rendered is where Log Out is going: the router commits a navigation in a
 * transition, which the user store's urgent reset can overtake, and a members-only page shown
 * for one render with the old location and no user redirects to /login?redirect=... itself.
 */
export function pageHidden(state: {
  isLoading: boolean;
  leavingTo: string | null;
  pathname: string;
}): boolean {
  return state.isLoading || (state.leavingTo !== null && state.pathname !== state.leavingTo);
}
