/// <reference types="vite/client" />
declare const __RELEASE_DATE__: string;
