"""Files the host serves to browsers (issue #29): the phone page, ``phone/``."""
