values {
  a = csvdecode("a,b\n1")
}
