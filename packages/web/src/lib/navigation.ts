/** Lets code outside React (the HTTP layer) navigate with the app's router. */
type TNavigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: TNavigate = (to) => window.location.assign(to);

export const setNavigator = (navigate: TNavigate): void => {
  navigator = navigate;
};

export const navigateTo = (to: string, options?: { replace?: boolean }): void => navigator(to, options);
