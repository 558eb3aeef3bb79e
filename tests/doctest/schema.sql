-- Schema used by the doc-test harness to check `query` examples against real
-- PostgreSQL (PGlite). Every query an example compiles with pg-sql2 is run
-- against this database, inside a transaction that is rolled back afterwards.
--
-- Tables live in the schema app_public, which is also on the search_path, so
-- examples may write either `users` or `app_public.users`.

create schema app_public;
set search_path to app_public, public;

create type app_public.address as (
  city text,
  country text
);

create table app_public.users (
  id serial primary key,
  username text not null unique,
  email text,
  is_admin boolean not null default false,
  address app_public.address,
  profile jsonb not null default '{}',
  created_at timestamptz not null default '2024-01-01T00:00:00Z'
);

create table app_public.posts (
  id serial primary key,
  author_id int not null references app_public.users,
  title text not null,
  body text not null default '',
  tags text[] not null default '{}',
  published boolean not null default false,
  created_at timestamptz not null default '2024-01-01T00:00:00Z'
);

create table app_public.comments (
  id serial primary key,
  post_id int not null references app_public.posts,
  author_id int not null references app_public.users,
  body text not null,
  created_at timestamptz not null default '2024-01-01T00:00:00Z'
);

-- A table whose name needs quoting, for identifier examples.
create table app_public."Order Items" (
  id serial primary key,
  "productName" text not null,
  quantity int not null
);

create function app_public.users_display_name(u app_public.users) returns text
  language sql stable as $$ select u.username || coalesce(' <' || u.email || '>', '') $$;

insert into app_public.users (username, email, is_admin, address) values
  ('alice', 'alice@example.com', true, row('Lisbon', 'PT')),
  ('bob', 'bob@example.com', false, row('Oslo', 'NO')),
  ('carol', null, false, null);

insert into app_public.posts (author_id, title, body, tags, published) values
  (1, 'Hello world', 'First post', '{intro,news}', true),
  (1, 'Drafts are private', 'Not yet', '{}', false),
  (2, 'Composing SQL', 'Fragments all the way down', '{sql,postgres}', true);

insert into app_public.comments (post_id, author_id, body) values
  (1, 2, 'Welcome!'),
  (3, 1, 'Nice write-up'),
  (3, 3, 'Thanks for sharing');

insert into app_public."Order Items" ("productName", quantity) values
  ('Widget', 3),
  ('Gadget', 1);
