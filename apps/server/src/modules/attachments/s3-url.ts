export interface S3Location {
  endpoint: string;
  region: string;
  bucket: string;
  /** Key prefix inside the bucket ('' or ending with '/'). */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * S3_URL: `http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix][?region=eu-south-1]`, path-style
 * (works with AWS, MinIO, Ceph, Garage...).
 */
export function parseS3Url(value: string): S3Location {
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('deve iniziare con http:// o https://');
  const [bucket, ...rest] = url.pathname.replace(/^\/+/, '').split('/');
  if (!bucket) throw new Error('deve indicare il bucket nel percorso (https://chiave:segreto@host/bucket)');
  if (!url.username || !url.password)
    throw new Error('deve contenere chiave e segreto (https://chiave:segreto@host/bucket)');
  const prefix = rest.filter(Boolean).join('/');
  return {
    endpoint: `${url.protocol}//${url.host}`,
    region: url.searchParams.get('region') ?? 'us-east-1',
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}
