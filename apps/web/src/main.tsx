import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the web-app issue builds the shell: proves the build and the server's serving.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Créneau</h1>
      <p>Online booking</p>
    </main>
  </StrictMode>,
);
