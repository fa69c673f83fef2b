/**
 * What the shell provides to the remotes as `react-router-dom`: only what they import
 * (federacion.test.ts fails when a remote starts using something missing here). Providing the
 * module's namespace would keep every export of the router (data APIs, server rendering) in the
 * shell's entry, which the landing downloads too.
 */
export { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
