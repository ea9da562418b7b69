/**
 * The app's router (docs/decisions/018-own-router.md): the part of React Router's declarative API
 * the app uses — BrowserRouter, MemoryRouter (tests), Routes/Route/Outlet, Link/NavLink/Navigate,
 * useLocation/useNavigate/useParams/useSearchParams/useNavigationType — with its meaning, in a
 * fraction of its size, since it loads with every page. As React Router's, a move renders in a
 * transition: the page on screen stays until the next one is ready, rather than a fallback.
 */
export type { Location, NavigationType } from './history.ts';
export type { NavigateFunction } from './hooks.ts';
export { useLocation, useNavigate, useNavigationType, useParams, useSearchParams } from './hooks.ts';
export { Link, type LinkProps, Navigate, NavLink } from './links.tsx';
export type { To } from './paths.ts';
export { BrowserRouter, MemoryRouter } from './routers.tsx';
export { Outlet, Route, Routes } from './routes.tsx';
