/// <reference types="vite/client" />
// Components read build settings from import.meta.env (Vite); type-checked as in the web app.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * Server rendering of the SPA's components in the node test environment: what a component shows
 * for given props on its first render (no effects, no DOM). Assertions read the markup or its text.
 */
export const markup = (element: ReactElement) => renderToStaticMarkup(element);

/** The visible text of some markup, tags dropped and whitespace squeezed. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

/** The values of one attribute, in document order. */
export const attributes = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((m) => m[1]!);
