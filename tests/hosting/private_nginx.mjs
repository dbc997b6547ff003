// Debian's nginx run as a private process for a test: the site under test in a folder of
// its own, inside the few lines Debian's /etc/nginx/nginx.conf (and the nginx image's)
// would put around a site, with every temporary path and the pid in that folder.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Starts nginx on `site` (a site's text: server blocks, upstreams) in `dir`; returns the
// process (its output piped) and where its error log is.
export function startNginx(dir, site) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'site.conf'), site);
  writeFileSync(path.join(dir, 'nginx.conf'), `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`);
  const bin = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const proc = spawn(bin, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  return { proc, errorLog: path.join(dir, 'error.log') };
}
