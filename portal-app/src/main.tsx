// portal-app is a remote: its pages run inside the shell, which owns the session, the router
// and the query client. Opened on its own, it only says where to go.
const root = document.getElementById('root');
if (root) {
  root.innerHTML =
    '<p style="font-family:sans-serif;padding:2rem">portal-app es un micro-frontend: ábrelo desde el shell, p. ej. <a href="/portal">/portal</a>.</p>';
}
